import { useExpanded } from "../../state/rowUi"
import { Spinner } from "../common/Spinner"
import { RowHeader } from "./RowHeader"

export interface ReasoningBlockProps {
	stateKey: string
	text: string
	streaming: boolean
}

/** The model's reasoning: folded by default, since it is long and rarely needed. */
export function ReasoningBlock({ stateKey, text, streaming }: ReasoningBlockProps) {
	const [expanded, toggle] = useExpanded(stateKey, false)
	return (
		<div className="reasoning">
			<RowHeader
				icon="lightbulb"
				tone="muted"
				title={streaming ? "Thinking…" : "Reasoning"}
				trailing={streaming ? <Spinner label="The model is thinking" /> : undefined}
				expanded={expanded}
				onToggle={toggle}
			/>
			{expanded && <div className="reasoning-text pre-wrap">{text}</div>}
		</div>
	)
}
