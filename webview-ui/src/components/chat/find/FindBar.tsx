import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import { maxTaskSearchLength } from "@cairn/types"
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react"
import { closeFind, searchTask, showSearchResult } from "../../../state/pagingActions"
import { useWebviewStore } from "../../../state/store"
import { IconButton } from "../../common/IconButton"
import "./find.css"

function countText(count: number, truncated: boolean, query: string, t: TFunction<"chat">): string {
	if (truncated) return t("find.truncated", { count, query })
	if (count === 0) return t("find.none", { query })
	return t("find.count", { count, query })
}

/**
 * Find in the task: the search runs on the host over the whole task (the view holds only part
 * of it); choosing a result loads the page around it and scrolls to it. Escape closes the bar.
 */
export function FindBar() {
	const { t } = useTranslation("chat")
	const answer = useWebviewStore((s) => s.taskSearch)
	const [query, setQuery] = useState("")
	const [problem, setProblem] = useState<string>()
	const input = useRef<HTMLInputElement>(null)
	useEffect(() => input.current?.focus(), [])

	const submit = (event: FormEvent) => {
		event.preventDefault()
		const text = query.trim()
		if (text === "") return setProblem(t("find.empty"))
		setProblem(undefined)
		searchTask(text)
	}
	const onKeyDown = (event: KeyboardEvent) => {
		if (event.key !== "Escape") return
		event.stopPropagation()
		closeFind()
	}

	return (
		<div role="search" className="find-bar" aria-label={t("find.label")} onKeyDown={onKeyDown}>
			<form className="find-bar-form" onSubmit={submit}>
				<input
					ref={input}
					type="search"
					aria-label={t("find.label")}
					placeholder={t("find.label")}
					maxLength={maxTaskSearchLength}
					value={query}
					onChange={(event) => setQuery(event.target.value)}
				/>
				<IconButton icon="search" label={t("find.search")} type="submit" />
				<IconButton icon="close" label={t("find.close")} onClick={closeFind} />
			</form>
			{problem !== undefined && <p role="alert">{problem}</p>}
			{answer !== undefined && (
				<>
					<p className="find-bar-count" role="status">
						{countText(answer.results.length, answer.truncated, answer.query, t)}
					</p>
					<ul className="find-bar-results" aria-label={t("find.results")}>
						{answer.results.map((result) => (
							<li key={result.ts}>
								<button type="button" onClick={() => showSearchResult(result.ts)}>
									{result.snippet}
								</button>
							</li>
						))}
					</ul>
				</>
			)}
		</div>
	)
}
