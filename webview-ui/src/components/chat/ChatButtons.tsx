import { useTranslation } from "react-i18next"
import { chatButtonLabel } from "./chatButtonLabel"
import { lastStateMessage, type ChatButton, type ClineAsk } from "@cairn/types"
import { cancelTask, pressButton } from "../../state/chatActions"
import { useChatControls } from "../../state/selectors"
import { useWebviewStore } from "../../state/store"
import { Icon } from "../common/Icon"

/** A button that sends what is typed as the answer: pressing it on an empty box answers nothing. */
const needsTyping = (button: ChatButton) =>
	button.message.type === "askResponse" && button.message.askResponse === "messageResponse"

/**
 * Asks whose row offers the primary action itself, beside what it is about (a failed request's
 * Retry under its cause): the bar leaves it out rather than show it a second time.
 */
const offeredOnTheRow: ReadonlySet<ClineAsk> = new Set(["api_req_failed"])

/**
 * seed 001's buttons under the transcript, exactly as `chatControls` defines them. While the
 * agent works only Cancel is offered; the ask buttons come back when an ask waits.
 * A failed request's Retry is the one exception, offered on its row (see offeredOnTheRow).
 */
export function ChatButtons() {
	const { t } = useTranslation("chat")
	const common = useTranslation("common").t
	const controls = useChatControls()
	// Only while the transcript's window reaches the task's end, where that row is.
	const onTheRow = useWebviewStore((s) => {
		const ask = lastStateMessage(s.latest)?.ask
		return !s.hasNewer && ask !== undefined && offeredOnTheRow.has(ask)
	})
	const composerEmpty = useWebviewStore(
		(s) => s.composerText.trim() === "" && s.composerImages.length === 0,
	)
	if (controls.cancelButton !== undefined) {
		return (
			<div className="chat-buttons">
				<button type="button" className="button secondary" onClick={cancelTask}>
					<Icon name="debug-stop" /> {chatButtonLabel(controls.cancelButton.text, common)}
				</button>
			</div>
		)
	}
	const { secondaryButton, enableButtons } = controls
	const primaryButton = onTheRow ? undefined : controls.primaryButton
	if (primaryButton === undefined && secondaryButton === undefined) return null
	return (
		<div className="chat-buttons">
			{primaryButton !== undefined && (
				<button
					type="button"
					className="button primary"
					disabled={!enableButtons || (needsTyping(primaryButton) && composerEmpty)}
					title={needsTyping(primaryButton) && composerEmpty ? t("typeAnswerFirst") : undefined}
					onClick={() => pressButton(primaryButton)}
				>
					{chatButtonLabel(primaryButton.text, common)}
				</button>
			)}
			{secondaryButton !== undefined && (
				<button
					type="button"
					className="button secondary"
					disabled={!enableButtons}
					onClick={() => pressButton(secondaryButton)}
				>
					{chatButtonLabel(secondaryButton.text, common)}
				</button>
			)}
		</div>
	)
}
