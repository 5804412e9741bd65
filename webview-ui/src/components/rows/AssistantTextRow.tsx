import { useTranslation } from "react-i18next"
import { CopyButton } from "../common/CopyButton"
import { Markdown } from "../content/Markdown"
import { ReasoningBlock } from "./ReasoningBlock"
import type { RowProps } from "./rowProps"

/** The model's answer, as markdown, with the reasoning that came with it (if any) folded above. */
export function AssistantTextRow({ message }: RowProps) {
	const { t } = useTranslation("rows")
	const text = message.text ?? ""
	const streaming = message.partial === true
	return (
		<div className="assistant-text">
			{message.reasoning !== undefined && message.reasoning !== "" && (
				<ReasoningBlock
					stateKey={`${message.ts}:reasoning`}
					text={message.reasoning}
					streaming={streaming && text === ""}
				/>
			)}
			{text === "" ? (
				streaming && <div className="muted">…</div>
			) : (
				<>
					<Markdown text={text} />
					{!streaming && (
						<div className="row-actions">
							<CopyButton text={text} label={t("assistant.copy")} />
						</div>
					)}
				</>
			)}
		</div>
	)
}
