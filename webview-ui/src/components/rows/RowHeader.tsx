import type { ReactNode } from "react"
import { Icon } from "../common/Icon"

export type RowTone = "default" | "success" | "warning" | "error" | "muted"

export interface RowHeaderProps {
	icon: string
	title: ReactNode
	tone?: RowTone
	/** Shown at the end of the header line: a cost, a spinner, a badge. */
	trailing?: ReactNode
	/** Makes the header a toggle for the row's details. */
	expanded?: boolean
	onToggle?: () => void
}

export function RowHeader({ icon, title, tone = "default", trailing, expanded, onToggle }: RowHeaderProps) {
	const content = (
		<>
			<Icon name={icon} className={`row-icon tone-${tone}`} />
			<span className={`row-title tone-${tone}`}>{title}</span>
			{trailing !== undefined && <span className="row-trailing">{trailing}</span>}
			{onToggle !== undefined && <Icon name={expanded ? "chevron-up" : "chevron-down"} />}
		</>
	)
	if (onToggle === undefined) return <div className="row-header">{content}</div>
	return (
		<button type="button" className="row-header row-toggle" aria-expanded={expanded} onClick={onToggle}>
			{content}
		</button>
	)
}
