import type { HistoryItem } from "@cairn/types"
import { useMemo } from "react"
import { useWebviewStore } from "../../state/store"
import { postToHost } from "../../vscode"
import { Icon } from "../common/Icon"
import "./subtasks.css"

const statusLabels: Record<NonNullable<HistoryItem["status"]>, string> = {
	active: "not finished",
	completed: "done",
	aborted: "cancelled",
}

const open = (taskId: string) => postToHost({ type: "showTaskWithId", taskId })

/**
 * Where the task on screen sits in its stack: the parent a subtask returns to, and the subtasks
 * a task delegated, each one click away.
 */
export function SubtaskBar() {
	const taskId = useWebviewStore((s) => s.taskId)
	const parentTaskId = useWebviewStore((s) => s.currentTaskItem?.parentTaskId)
	const history = useWebviewStore((s) => s.taskHistory)
	const parent = useMemo(
		() => (parentTaskId === undefined ? undefined : history.find((item) => item.id === parentTaskId)),
		[history, parentTaskId],
	)
	const children = useMemo(
		() =>
			taskId === undefined
				? []
				: history.filter((item) => item.parentTaskId === taskId).sort((a, b) => a.ts - b.ts),
		[history, taskId],
	)
	if (parentTaskId === undefined && children.length === 0) return null
	return (
		<nav className="subtask-bar" aria-label="Task stack">
			{parentTaskId !== undefined && (
				<button
					type="button"
					className="subtask-link"
					onClick={() => open(parentTaskId)}
					title="Show the task that started this subtask; it continues when this one ends"
				>
					<Icon name="arrow-up" />
					<span className="subtask-link-label">Back to parent:</span>
					<span className="subtask-link-task">{parent?.task ?? "the parent task"}</span>
				</button>
			)}
			{children.length > 0 && (
				<ol className="subtask-children" aria-label="Subtasks">
					{children.map((child) => (
						<li key={child.id}>
							<button
								type="button"
								className="subtask-link"
								onClick={() => open(child.id)}
								title="Show this subtask"
							>
								<Icon name="arrow-down" />
								<span className="subtask-link-label">{child.mode ?? "subtask"}:</span>
								<span className="subtask-link-task">{child.task}</span>
								{child.status !== undefined && (
									<span className="subtask-status">{statusLabels[child.status]}</span>
								)}
							</button>
						</li>
					))}
				</ol>
			)}
		</nav>
	)
}
