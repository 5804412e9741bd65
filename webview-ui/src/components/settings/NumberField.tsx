import { useId, type KeyboardEvent, type ReactNode } from "react"
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
	onCommit: (value: number) => void
}

function problemWith(text: string, { min, max, integer }: NumberFieldProps): string | undefined {
	if (text === "") return "Enter a number."
	const value = Number(text)
	if (!Number.isFinite(value)) return "Enter a number."
	if (integer && !Number.isInteger(value)) return "Enter a whole number."
	if (value < min) return `The smallest allowed value is ${min}.`
	if (max !== undefined && value > max) return `The largest allowed value is ${max}.`
	return undefined
}

/** A numeric setting, validated against the protocol's bounds and sent on blur or Enter. */
export function NumberField(props: NumberFieldProps) {
	const { label, value, description, min, max, step, placeholder, onCommit } = props
	const id = useId()
	const [draft, setDraft] = useDraft(value === undefined ? "" : String(value))
	const untouched = draft === (value === undefined ? "" : String(value))
	const error = untouched ? undefined : problemWith(draft.trim(), props)
	const commit = () => {
		if (untouched || error !== undefined) return
		onCommit(Number(draft.trim()))
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
