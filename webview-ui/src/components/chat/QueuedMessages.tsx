import { removeQueued } from "../../state/chatActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"

/** Messages typed while the agent was busy, waiting for the next ask that takes an answer. */
export function QueuedMessages() {
	const queue = useWebviewStore((s) => s.queue)
	if (queue.length === 0) return null
	return (
		<section className="queued" aria-label="Queued messages">
			<div className="queued-title">Queued: sent when Cairn next asks for your input</div>
			<ul>
				{queue.map((item, i) => (
					<li key={item.id} className="queued-item">
						<span className="queued-text">
							{item.text || `${item.images.length} image${item.images.length === 1 ? "" : "s"}`}
						</span>
						<IconButton
							icon="close"
							label={`Remove queued message ${i + 1}`}
							onClick={() => removeQueued(item.id)}
						/>
					</li>
				))}
			</ul>
		</section>
	)
}
