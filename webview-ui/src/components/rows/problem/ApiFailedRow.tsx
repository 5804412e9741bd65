import { askControls } from "@cairn/types"
import { useTranslation } from "react-i18next"
import { chatButtonLabel } from "../../chat/chatButtonLabel"
import { pressButton } from "../../../state/chatActions"
import { openProviderSettings } from "../../../state/openProviderSettings"
import { ExpandableText } from "../ExpandableText"
import { RowHeader } from "../RowHeader"
import type { RowProps } from "../rowProps"
import { ProblemLines } from "./ProblemLines"

/**
 * A request that failed for good, told once: why, in the person's language (from the problem's
 * kind; older tasks have only the English text), and the two ways on while it waits: retry, or
 * fix the provider in Settings. The chat box says the same.
 */
export function ApiFailedRow({ message, isLast }: RowProps) {
	const { t } = useTranslation("rows")
	const common = useTranslation("common").t
	const retry = askControls.api_req_failed(false).primaryButton
	return (
		<div className="error-row api-failed">
			<RowHeader icon="error" tone="error" title={t("kind.apiFailed")} />
			{message.problem !== undefined ? (
				<ProblemLines problem={message.problem} />
			) : (
				message.text !== undefined &&
				message.text !== "" && (
					<ExpandableText
						stateKey={`${message.ts}:text`}
						text={message.text}
						className="row-error"
					/>
				)
			)}
			{isLast && (
				<div className="confirm-buttons">
					{retry !== undefined && (
						<button type="button" className="button primary" onClick={() => pressButton(retry)}>
							{chatButtonLabel(retry.text, common)}
						</button>
					)}
					<button type="button" className="button secondary" onClick={openProviderSettings}>
						{t("problem.openSettings")}
					</button>
				</div>
			)}
		</div>
	)
}
