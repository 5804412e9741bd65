import { useId, type KeyboardEvent, type ReactNode } from "react"
import { useDraft } from "./useDraft"

export interface TextFieldProps {
	label: string
	value: string
	description?: ReactNode
	placeholder?: string
	/** An error message for a value that must not be sent, or undefined when it is fine. */
	validate?: (value: string) => string | undefined
	onCommit: (value: string) => void
}

/** A one-line setting, sent when the person leaves the field or presses Enter. */
export function TextField({ label, value, description, placeholder, validate, onCommit }: TextFieldProps) {
	const id = useId()
	const [draft, setDraft] = useDraft(value)
	const error = draft === value ? undefined : validate?.(draft.trim())
	const commit = () => {
		const next = draft.trim()
		if (next !== value && validate?.(next) === undefined) onCommit(next)
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
				className="text-input"
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
