import { condenseContext } from "../../state/chatActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"

/**
 * Condenses the task's context on request. It waits for the first answer (before it there is
 * nothing worth summarizing) and stays off while a summary is being written, so one click makes
 * one summarization request. The tooltip says which of the two holds it back.
 */
export function CondenseButton() {
	const hasUsage = useWebviewStore((s) => s.context.tokens !== undefined)
	const condensing = useWebviewStore((s) => s.context.condensing)
	const reason = condensing
		? "Condensing the context…"
		: !hasUsage
			? "Condense context: there is nothing to condense before the first answer"
			: "Condense context: summarize the conversation so far to free the context window"
	return (
		<IconButton
			icon="fold"
			label="Condense context"
			title={reason}
			disabled={condensing || !hasUsage}
			onClick={condenseContext}
		/>
	)
}
