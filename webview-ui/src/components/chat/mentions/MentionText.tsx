import { findMentions } from "@cairn/types"
import type { ReactNode } from "react"
import "./mentions.css"

/** The person's text with its @-mentions marked, as the host's parser reads them. */
export function MentionText({ text }: { text: string }) {
	const parts: ReactNode[] = []
	let at = 0
	for (const { start, end } of findMentions(text)) {
		if (start > at) parts.push(text.slice(at, start))
		parts.push(
			<span key={start} className="mention">
				{text.slice(start, end)}
			</span>,
		)
		at = end
	}
	if (at < text.length) parts.push(text.slice(at))
	return <>{parts}</>
}
