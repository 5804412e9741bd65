import { useTranslation } from "react-i18next"
import { useMemo } from "react"
import { useWebviewStore } from "../../state/store"
import { postToHost } from "../../vscode"
import { Icon } from "../common/Icon"
import "./subtasks.css"

const open = (taskId: string) => postToHost({ type: "showTaskWithId", taskId })

/**
 * Where the task on screen sits in its stack: the parent a subtask returns to, and the subtasks
 * a task delegated, each one click away.
 */
export function SubtaskBar() {
	const { t } = useTranslation("subtasks")
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
		<nav className="subtask-bar" aria-label={t("stack")}>
			{parentTaskId !== undefined && (
				<button
					type="button"
					className="subtask-link"
					onClick={() => open(parentTaskId)}
					title={t("parent.title")}
				>
					<Icon name="arrow-up" />
					<span className="subtask-link-label">{t("parent.label")}</span>
					<span className="subtask-link-task">{parent?.task ?? t("parent.fallback")}</span>
				</button>
			)}
			{children.length > 0 && (
				<ol className="subtask-children" aria-label={t("children")}>
					{children.map((child) => (
						<li key={child.id}>
							<button
								type="button"
								className="subtask-link"
								onClick={() => open(child.id)}
								title={t("child.title")}
							>
								<Icon name="arrow-down" />
								<span className="subtask-link-label">
									{child.mode === undefined
										? t("child.labelWithoutMode")
										: t("child.label", { mode: child.mode })}
								</span>
								<span className="subtask-link-task">{child.task}</span>
								{child.status !== undefined && (
									<span className="subtask-status">{t(`status.${child.status}`)}</span>
								)}
							</button>
						</li>
					))}
				</ol>
			)}
		</nav>
	)
}
