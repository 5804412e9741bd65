import { useTranslation } from "react-i18next"
import { clineAskFollowupSchema, type ClineAskFollowup } from "@cairn/types"
import { useWebviewStore } from "../../state/store"
import { usePayload } from "../../util/parsePayload"
import { postToHost } from "../../vscode"
import { Icon } from "../common/Icon"
import { Spinner } from "../common/Spinner"
import { Markdown } from "../content/Markdown"
import { GenericRow } from "./GenericRow"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

type Suggestion = ClineAskFollowup["suggest"][number]

function answerWith(suggestion: Suggestion): void {
	// A suggestion may name the mode its answer is meant for: switch first, so the answer is
	// handled in that mode.
	if (suggestion.mode !== undefined && suggestion.mode !== useWebviewStore.getState().mode)
		postToHost({ type: "mode", mode: suggestion.mode })
	postToHost({ type: "askResponse", askResponse: "messageResponse", text: suggestion.answer })
}

/** A question from the agent, with answers it suggests; one click answers. */
export function FollowupRow({ message, isLast }: RowProps) {
	const { t } = useTranslation("rows")
	const parsed = usePayload(clineAskFollowupSchema, message.text)
	if (!parsed.success) return <GenericRow message={message} />
	const { question, suggest } = parsed.data
	const streaming = message.partial === true
	// Only the question being asked now can be answered; older ones show what was offered.
	const answerable = isLast && !streaming
	return (
		<div className={["followup", answerable && "awaiting"].filter(Boolean).join(" ")}>
			<RowHeader
				icon="question"
				title={t("followup.title")}
				trailing={streaming ? <Spinner label={t("followup.arriving")} /> : undefined}
			/>
			<Markdown text={question} />
			{suggest.length > 0 && (
				<ul className="suggestions" aria-label={t("followup.suggestions")}>
					{suggest.map((suggestion, i) => (
						<li key={i}>
							<button
								type="button"
								className={["suggestion", message.chosenSuggestion === i && "chosen"]
									.filter(Boolean)
									.join(" ")}
								aria-pressed={message.chosenSuggestion === i}
								disabled={!answerable}
								onClick={() => answerWith(suggestion)}
							>
								{message.chosenSuggestion === i && <Icon name="check" />}
								<span>{suggestion.answer}</span>
								{suggestion.mode !== undefined && (
									<span className="suggestion-mode">
										{t("followup.mode", { mode: suggestion.mode })}
									</span>
								)}
							</button>
						</li>
					))}
				</ul>
			)}
		</div>
	)
}
