import { useState } from "react"
import { startNewTask } from "../../state/chatActions"
import { useWebviewStore } from "../../state/store"
import { formatCost, formatTokens } from "../../util/format"
import { IconButton } from "../common/IconButton"
import { ContextWindowBar } from "./ContextWindowBar"

/**
 * The task at the top of the chat: its text, what it has used so far and a way to start over.
 * The sums come from the transcript's request rows; a task reopened without them falls back to
 * its history entry.
 */
export function TaskHeader() {
	const task = useWebviewStore((s) => s.messages[0]?.text ?? s.currentTaskItem?.task ?? "")
	const totals = useWebviewStore((s) => s.totals)
	const item = useWebviewStore((s) => s.currentTaskItem)
	const contextTokens = useWebviewStore((s) => s.contextTokens)
	const contextWindow = useWebviewStore((s) => s.settings.provider?.modelInfo?.contextWindow)
	const intent = useWebviewStore((s) => s.activeIntent)
	const [expanded, setExpanded] = useState(false)

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
		<section className="task-header" aria-label="Current task">
			<div className="task-header-top">
				<button
					type="button"
					className={["task-text", expanded && "expanded"].filter(Boolean).join(" ")}
					aria-expanded={expanded}
					title={expanded ? "Show less" : "Show the whole task"}
					onClick={() => setExpanded((e) => !e)}
				>
					{task}
				</button>
				<IconButton icon="add" label="New task" onClick={startNewTask} />
			</div>
			<dl className="task-metrics">
				{intent !== undefined && (
					<div className="task-intent" title={intent.name ?? intent.id}>
						<dt>Intent</dt>
						<dd>
							<code>{intent.id}</code>
							{intent.name !== undefined && ` ${intent.name}`}
						</dd>
					</div>
				)}
				<div>
					<dt>Tokens</dt>
					<dd>
						<span aria-label="in">↑</span> {formatTokens(sums.tokensIn)}{" "}
						<span aria-label="out">↓</span> {formatTokens(sums.tokensOut)}
					</dd>
				</div>
				{(sums.cacheReads > 0 || sums.cacheWrites > 0) && (
					<div>
						<dt>Cache</dt>
						<dd>
							{formatTokens(sums.cacheWrites)} written, {formatTokens(sums.cacheReads)} read
						</dd>
					</div>
				)}
				<div>
					<dt>Cost</dt>
					<dd>{formatCost(sums.cost)}</dd>
				</div>
			</dl>
			{contextTokens !== undefined && contextWindow !== undefined && (
				<ContextWindowBar used={contextTokens} window={contextWindow} />
			)}
		</section>
	)
}
