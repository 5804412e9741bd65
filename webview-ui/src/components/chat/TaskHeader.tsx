import { apiRequestInfo, type ClineMessage } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { useState } from "react"
import { startNewTask } from "../../state/chatActions"
import { openFind } from "../../state/pagingActions"
import { useWebviewStore } from "../../state/store"
import { costText } from "../../util/costText"
import { formatTokens } from "../../util/format"
import { IconButton } from "../common/IconButton"
import { EstimateMark } from "./spend/EstimateMark"
import { TaskSpendForecast } from "./spend/TaskSpendForecast"
import { CondenseButton } from "./CondenseButton"
import { ContextWindowBar } from "./ContextWindowBar"
import { taskTitle } from "./slash/taskTitle"
import { TaskTodos } from "./todos/TaskTodos"

/**
 * The task at the top of the chat: its text, what it has used so far, how full the model's
 * context window is (with a way to condense it), its todo list and a way to start over.
 * The sums are the task's ledger, as the host's summary carries it (the view holds only some of
 * its messages): what was spent, subtasks included, which deleting rows never lowers. A task
 * reopened without request rows falls back to its history entry.
 */
export function TaskHeader() {
	const { t } = useTranslation("chat")
	const task = useWebviewStore((s) => taskTitle(s.taskText, s.currentTaskItem?.task))
	const totals = useWebviewStore((s) => s.totals)
	const item = useWebviewStore((s) => s.currentTaskItem)
	const contextTokens = useWebviewStore((s) => s.context.tokens)
	const contextReserved = useWebviewStore((s) => s.context.reserved)
	// The window the newest request was sent with, else the one the person set for the model.
	const contextWindow = useWebviewStore(
		(s) => s.context.window ?? s.settings.provider?.modelInfo?.contextWindow,
	)
	const intent = useWebviewStore((s) => s.activeIntent)
	const streamingEstimate = useWebviewStore((s) => s.context.estimated === true)
	const streaming = useWebviewStore((s) => requestStreaming(s.messages))
	const [expanded, setExpanded] = useState(false)
	// Requests whose provider never reported usage stay Cairn's estimate in the ledger.
	const partlyEstimated = (totals.estimated ?? 0) > 0

	const sums =
		totals.requests > 0 || item === undefined
			? totals
			: {
					tokensIn: item.tokensIn,
					tokensOut: item.tokensOut,
					cacheReads: item.cacheReads ?? 0,
					cacheWrites: item.cacheWrites ?? 0,
					cost: item.totalCost,
				}

	return (
		<section className="task-header" aria-label={t("header.region")}>
			<div className="task-header-top">
				<button
					type="button"
					className={["task-text", expanded && "expanded"].filter(Boolean).join(" ")}
					aria-expanded={expanded}
					title={expanded ? t("header.showLess") : t("header.showAll")}
					onClick={() => setExpanded((e) => !e)}
				>
					{task}
				</button>
				<IconButton
					icon="search"
					label={t("header.find")}
					aria-keyshortcuts="Control+F"
					onClick={openFind}
				/>
				<CondenseButton />
				<IconButton icon="add" label={t("header.newTask")} onClick={startNewTask} />
			</div>
			<dl className="task-metrics">
				{intent !== undefined && (
					<div className="task-intent" title={intent.name ?? intent.id}>
						<dt>{t("header.intent")}</dt>
						<dd>
							<code>{intent.id}</code>
							{intent.name !== undefined && ` ${intent.name}`}
						</dd>
					</div>
				)}
				<div>
					<dt>{t("header.tokens")}</dt>
					{sums.tokensIn === 0 && sums.tokensOut === 0 && streaming ? (
						// The first request streams and its provider reports usage only at the end.
						<dd title={t("header.countingTitle")}>{t("header.counting")}</dd>
					) : (
						<dd>
							{(streamingEstimate || partlyEstimated) && <EstimateMark />}
							<span aria-label={t("header.in")}>↑</span> {formatTokens(sums.tokensIn)}{" "}
							<span aria-label={t("header.out")}>↓</span> {formatTokens(sums.tokensOut)}
						</dd>
					)}
				</div>
				{(sums.cacheReads > 0 || sums.cacheWrites > 0) && (
					<div>
						<dt>{t("header.cache")}</dt>
						<dd>
							{t("header.cacheUse", {
								written: formatTokens(sums.cacheWrites),
								read: formatTokens(sums.cacheReads),
							})}
						</dd>
					</div>
				)}
				<div>
					<dt>{t("header.cost")}</dt>
					<dd>
						{partlyEstimated && <EstimateMark title={t("header.estimatedTitle")} />}
						{costText(sums.cost, totals.unpriced, t)}
					</dd>
				</div>
				<TaskSpendForecast />
				{totals.subtasks !== undefined && (
					<div>
						<dt>{t("header.subtasks")}</dt>
						<dd>{costText(totals.subtasks.cost, totals.subtasks.unpriced, t)}</dd>
					</div>
				)}
			</dl>
			{contextTokens !== undefined && contextWindow !== undefined && (
				<ContextWindowBar used={contextTokens} window={contextWindow} reserved={contextReserved} />
			)}
			<TaskTodos />
		</section>
	)
}

/** The newest request row is still streaming: its provider may report tokens only when it ends. */
function requestStreaming(messages: readonly ClineMessage[]): boolean {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]
		if (message?.say === "api_req_started") return apiRequestInfo(message)?.cost === undefined
	}
	return false
}
