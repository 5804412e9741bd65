import { ReasoningBlock } from "./ReasoningBlock"
import type { RowProps } from "./rowProps"

export function ReasoningRow({ message }: RowProps) {
	return (
		<ReasoningBlock
			stateKey={`${message.ts}:reasoning`}
			text={message.text ?? ""}
			streaming={message.partial === true}
		/>
	)
}
