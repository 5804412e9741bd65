import type { ReactNode } from "react"
import { useExpanded } from "../../../state/rowUi"

export interface ToolSectionProps {
	stateKey: string
	label: string
	initiallyExpanded: boolean
	children: ReactNode
}

/** A foldable part of a tool row (a diff, a file's content, search results). */
export function ToolSection({ stateKey, label, initiallyExpanded, children }: ToolSectionProps) {
	const [expanded, toggle] = useExpanded(stateKey, initiallyExpanded)
	return (
		<div className="tool-section">
			<button type="button" className="link-button" aria-expanded={expanded} onClick={toggle}>
				{expanded ? `Hide ${label}` : `Show ${label}`}
			</button>
			{expanded && <div className="tool-section-body">{children}</div>}
		</div>
	)
}
