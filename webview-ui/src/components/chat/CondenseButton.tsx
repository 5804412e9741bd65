import { useTranslation } from "react-i18next"
import { condenseContext } from "../../state/chatActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"

/**
 * Condenses the task's context on request. It waits for the first answer (before it there is
 * nothing worth summarizing) and stays off while a summary is being written, so one click makes
 * one summarization request. The tooltip says which of the two holds it back.
 */
export function CondenseButton() {
	const { t } = useTranslation("chat")
	const hasUsage = useWebviewStore((s) => s.context.tokens !== undefined)
	const condensing = useWebviewStore((s) => s.context.condensing)
	const reason = condensing
		? t("condense.condensing")
		: !hasUsage
			? t("condense.nothingYet")
			: t("condense.explain")
	return (
		<IconButton
			icon="fold"
			label={t("condense.label")}
			title={reason}
			disabled={condensing || !hasUsage}
			onClick={condenseContext}
		/>
	)
}
