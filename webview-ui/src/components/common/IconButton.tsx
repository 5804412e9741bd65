import type { ButtonHTMLAttributes } from "react"
import { Icon } from "./Icon"

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
	icon: string
	/** The accessible name and tooltip: an icon alone says nothing to a screen reader. */
	label: string
	/** Text shown next to the icon; without it the button is icon-only. */
	text?: string
}

export function IconButton({ icon, label, text, className, type = "button", ...rest }: IconButtonProps) {
	return (
		<button
			type={type}
			className={["icon-button", text !== undefined && "with-text", className]
				.filter(Boolean)
				.join(" ")}
			aria-label={label}
			title={label}
			{...rest}
		>
			<Icon name={icon} />
			{text !== undefined && <span>{text}</span>}
		</button>
	)
}
