import { memo, useMemo } from "react"
import { parseAnsi } from "./ansi"
import "./content.css"

/** Terminal output with its colours; the text is rendered by React, so nothing in it is markup. */
function AnsiTextImpl({ text }: { text: string }) {
	const spans = useMemo(() => parseAnsi(text), [text])
	return (
		<>
			{spans.map((span, i) =>
				span.className === "" ? (
					span.text
				) : (
					<span key={i} className={span.className}>
						{span.text}
					</span>
				),
			)}
		</>
	)
}

export const AnsiText = memo(AnsiTextImpl)
