import { useTranslation } from "react-i18next"
import type { english } from "../../../i18n/i18n"
import type { ReactNode } from "react"
import { useExpanded } from "../../../state/rowUi"

/** What a section holds, as its toggle names it. */
export type SectionName = keyof typeof english.rows.section.show

export interface ToolSectionProps {
	stateKey: string
	section: SectionName
	/** The section's length in lines, for sections whose toggle says it. */
	lines?: number
	initiallyExpanded: boolean
	children: ReactNode
}

/** A foldable part of a tool row (a diff, a file's content, search results). */
export function ToolSection({ stateKey, section, lines, initiallyExpanded, children }: ToolSectionProps) {
	const { t } = useTranslation("rows")
	const [expanded, toggle] = useExpanded(stateKey, initiallyExpanded)
	return (
		<div className="tool-section">
			<button type="button" className="link-button" aria-expanded={expanded} onClick={toggle}>
				{t(`section.${expanded ? "hide" : "show"}.${section}`, { lines })}
			</button>
			{expanded && <div className="tool-section-body">{children}</div>}
		</div>
	)
}
