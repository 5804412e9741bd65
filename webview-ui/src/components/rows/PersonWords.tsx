import { MentionText } from "../chat/mentions/MentionText"
import { CodeBlock } from "../content/CodeBlock"
import { personTextParts } from "./personTextParts"

/** What the person wrote, as typed (mentions marked), with the code blocks in it shown as code. */
export function PersonWords({ text }: { text: string }) {
	return (
		<div className="user-message-text pre-wrap">
			{personTextParts(text).map((part, index) =>
				part.kind === "words" ? (
					<div key={index}>
						<MentionText text={part.text} />
					</div>
				) : (
					<CodeBlock key={index} code={part.code} language={part.language} />
				),
			)}
		</div>
	)
}
