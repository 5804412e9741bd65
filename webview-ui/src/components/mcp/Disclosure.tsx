import { useId, useState, type ReactNode } from "react"
import { Icon } from "../common/Icon"

export interface DisclosureProps {
	/** The toggle's text, e.g. "Tools (3)". */
	label: string
	initiallyOpen: boolean
	children: ReactNode
}

/** A part of a server card that folds away (its tools, resources, stderr). */
export function Disclosure({ label, initiallyOpen, children }: DisclosureProps) {
	const [open, setOpen] = useState(initiallyOpen)
	const bodyId = useId()
	return (
		<div className="mcp-disclosure">
			<button
				type="button"
				className="mcp-disclosure-toggle"
				aria-expanded={open}
				aria-controls={open ? bodyId : undefined}
				onClick={() => setOpen(!open)}
			>
				<Icon name={open ? "chevron-down" : "chevron-right"} />
				<span>{label}</span>
			</button>
			{open && (
				<div id={bodyId} className="mcp-disclosure-body">
					{children}
				</div>
			)}
		</div>
	)
}
