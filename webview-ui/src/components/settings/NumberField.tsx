import { useId, type KeyboardEvent, type ReactNode } from "react"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { useDraft } from "./useDraft"

export interface NumberFieldProps {
	label: string
	value: number | undefined
	description?: ReactNode
	min: number
	max?: number
	/** Whole numbers only (counts, seconds). */
	integer?: boolean
	step?: number
	placeholder?: string
	disabled?: boolean
	/** A rule the bounds cannot say (one value against another): an error message, or undefined. */
	validate?: (value: number) => string | undefined
	onCommit: (value: number) => void
	/** An optional value: emptying the field calls this. Without it an empty field is an error. */
	onClear?: () => void
}

function problemWith(
	text: string,
	{ min, max, integer, validate, onClear }: NumberFieldProps,
	t: TFunction<"settings">,
): string | undefined {
	if (text === "") return onClear === undefined ? t("number.enterNumber") : undefined
	const value = Number(text)
	if (!Number.isFinite(value)) return t("number.enterNumber")
	if (integer && !Number.isInteger(value)) return t("number.wholeNumber")
	if (value < min) return t("number.atLeast", { min })
	if (max !== undefined && value > max) return t("number.atMost", { max })
	return validate?.(value)
}

/** A numeric setting, validated against the protocol's bounds and sent on blur or Enter. */
export function NumberField(props: NumberFieldProps) {
	const { label, value, description, min, max, step, placeholder, disabled, onCommit, onClear } = props
	const { t } = useTranslation("settings")
	const id = useId()
	const [draft, setDraft] = useDraft(value === undefined ? "" : String(value))
	const untouched = draft === (value === undefined ? "" : String(value))
	const error = untouched ? undefined : problemWith(draft.trim(), props, t)
	const commit = () => {
		if (untouched || error !== undefined) return
		const text = draft.trim()
		if (text === "") onClear?.()
		else onCommit(Number(text))
	}
	const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
		if (event.key === "Enter") commit()
	}
	return (
		<div className="field">
			<label htmlFor={id}>{label}</label>
			{description !== undefined && <div className="field-description">{description}</div>}
			<input
				id={id}
				className="text-input number-input"
				type="number"
				inputMode="decimal"
				min={min}
				max={max}
				step={step ?? (props.integer ? 1 : "any")}
				value={draft}
				placeholder={placeholder}
				disabled={disabled}
				aria-invalid={error !== undefined}
				aria-describedby={error !== undefined ? `${id}-error` : undefined}
				onChange={(event) => setDraft(event.target.value)}
				onBlur={commit}
				onKeyDown={onKeyDown}
			/>
			{error !== undefined && (
				<div id={`${id}-error`} className="field-error">
					{error}
				</div>
			)}
		</div>
	)
}
