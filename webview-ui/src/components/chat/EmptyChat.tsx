import { useWebviewStore } from "../../state/store"
import { formatDate } from "../../util/format"
import { postToHost } from "../../vscode"

const recentCount = 3

/** No task yet: what Cairn does, and the latest tasks to pick up again. */
export function EmptyChat() {
	const history = useWebviewStore((s) => s.taskHistory)
	const recent = history.slice(0, recentCount)
	return (
		<div className="empty-chat">
			<h2 className="empty-chat-title">What should Cairn do?</h2>
			<p className="muted">
				Describe a task below. Cairn reads, searches, edits files and runs commands in your workspace,
				and asks before it changes anything unless you allowed it in Settings.
			</p>
			{recent.length > 0 && (
				<section aria-label="Recent tasks" className="recent-tasks">
					<h3>Recent tasks</h3>
					<ul>
						{recent.map((item) => (
							<li key={item.id}>
								<button
									type="button"
									className="recent-task"
									onClick={() => postToHost({ type: "showTaskWithId", taskId: item.id })}
								>
									<span className="recent-task-text">{item.task}</span>
									<span className="muted">{formatDate(item.ts)}</span>
								</button>
							</li>
						))}
					</ul>
				</section>
			)}
		</div>
	)
}
