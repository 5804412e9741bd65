import { useId, type ReactNode } from "react"

export interface CheckboxFieldProps {
	label: string
	description?: ReactNode
	checked: boolean
	disabled?: boolean
	onChange: (checked: boolean) => void
}

export function CheckboxField({ label, description, checked, disabled, onChange }: CheckboxFieldProps) {
	const id = useId()
	return (
		<div className="field checkbox-field">
			<input
				id={id}
				type="checkbox"
				checked={checked}
				disabled={disabled}
				aria-describedby={description !== undefined ? `${id}-description` : undefined}
				onChange={(event) => onChange(event.target.checked)}
			/>
			<div>
				<label htmlFor={id}>{label}</label>
				{description !== undefined && (
					<div id={`${id}-description`} className="field-description">
						{description}
					</div>
				)}
			</div>
		</div>
	)
}
