import { useTranslation } from "react-i18next"
import { useWebviewStore } from "../../state/store"
import { formatDate } from "../../util/format"
import { postToHost } from "../../vscode"

const recentCount = 3

/** No task yet: what Cairn does, and the latest tasks to pick up again. */
export function EmptyChat() {
	const { t } = useTranslation("chat")
	const history = useWebviewStore((s) => s.taskHistory)
	const recent = history.slice(0, recentCount)
	return (
		<div className="empty-chat">
			<h2 className="empty-chat-title">{t("empty.title")}</h2>
			<p className="muted">{t("empty.intro")}</p>
			{recent.length > 0 && (
				<section aria-label={t("empty.recent")} className="recent-tasks">
					<h3>{t("empty.recent")}</h3>
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
