import { useTranslation } from "react-i18next"
import { useLayoutEffect, useRef } from "react"
import { useExpanded } from "../../state/rowUi"
import { Spinner } from "../common/Spinner"
import { AnsiText } from "../content/AnsiText"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/** Folded output shows this many trailing lines; parsing 100 KB of ANSI per update is wasted work. */
const foldedLines = 200
/** About what the folded box shows without scrolling (see .terminal in rows.css). */
const boxLines = 14

function tail(text: string, lines: number): { shown: string; hiddenLines: number } {
	let index = text.length
	for (let n = 0; n < lines; n++) {
		index = text.lastIndexOf("\n", index - 1)
		if (index <= 0) return { shown: text, hiddenLines: 0 }
	}
	const hiddenLines = text.slice(0, index).split("\n").length
	return { shown: text.slice(index + 1), hiddenLines }
}

/**
 * A command's output with its terminal colours, streaming while the command runs. The box has
 * a capped height and follows new output unless the person scrolled up in it.
 */
export function CommandOutputRow({ message, isLast }: RowProps) {
	const { t } = useTranslation("rows")
	const text = message.text ?? ""
	const running = message.type === "ask" && isLast
	const [expanded, toggle] = useExpanded(`${message.ts}:output`, false)
	const { shown, hiddenLines } = expanded ? { shown: text, hiddenLines: 0 } : tail(text, foldedLines)
	const foldable = expanded || hiddenLines > 0 || shown.split("\n", boxLines + 1).length > boxLines
	const box = useRef<HTMLPreElement>(null)
	const pinned = useRef(true)

	useLayoutEffect(() => {
		const element = box.current
		if (element !== null && pinned.current) element.scrollTop = element.scrollHeight
	}, [shown])

	const onScroll = () => {
		const element = box.current
		if (element !== null)
			pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 8
	}

	return (
		<div className="command-output">
			<RowHeader
				icon="output"
				tone="muted"
				title={t("output.title")}
				trailing={running ? <Spinner label={t("output.running")} /> : undefined}
			/>
			{text === "" ? (
				<div className="muted">{t("output.none")}</div>
			) : (
				<>
					<pre
						ref={box}
						className={["terminal", expanded && "expanded"].filter(Boolean).join(" ")}
						tabIndex={0}
						aria-label={t("output.label")}
						onScroll={onScroll}
					>
						{hiddenLines > 0 && (
							<span className="muted">{`${t("output.earlierLines", { count: hiddenLines })}\n`}</span>
						)}
						<AnsiText text={shown} />
					</pre>
					{foldable && (
						<button
							type="button"
							className="link-button"
							aria-expanded={expanded}
							onClick={toggle}
						>
							{expanded ? t("output.showLess") : t("output.showAll")}
						</button>
					)}
				</>
			)}
		</div>
	)
}
