import { useTranslation } from "react-i18next"
import { removeQueued } from "../../state/chatActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"

/** Messages typed while the agent was busy, waiting for the next ask that takes an answer. */
export function QueuedMessages() {
	const { t } = useTranslation("chat")
	const queue = useWebviewStore((s) => s.queue)
	if (queue.length === 0) return null
	return (
		<section className="queued" aria-label={t("queued.label")}>
			<div className="queued-title">{t("queued.title")}</div>
			<ul>
				{queue.map((item, i) => (
					<li key={item.id} className="queued-item">
						<span className="queued-text">
							{item.text || t("queued.images", { count: item.images.length })}
						</span>
						<IconButton
							icon="close"
							label={t("queued.remove", { number: i + 1 })}
							onClick={() => removeQueued(item.id)}
						/>
					</li>
				))}
			</ul>
		</section>
	)
}
