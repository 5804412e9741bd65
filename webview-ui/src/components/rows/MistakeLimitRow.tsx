import { Markdown } from "../content/Markdown"
import { RowHeader } from "./RowHeader"
import type { RowProps } from "./rowProps"

/** The model failed to use its tools several times in a row; the person decides how to go on. */
export function MistakeLimitRow({ message }: RowProps) {
	return (
		<div className="mistake-limit">
			<RowHeader icon="warning" tone="warning" title="Cairn is having trouble" />
			<div className="row-detail">
				The model made several mistakes in a row. Proceed to let it try again, ideally with a hint
				typed in the chat box, or start a new task.
			</div>
			{message.text !== undefined && message.text !== "" && <Markdown text={message.text} />}
		</div>
	)
}
