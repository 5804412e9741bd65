import type { ImageBlock, TextBlock } from "../../providers/apiMessage.js"
import { imageBlocks } from "../../providers/imageBlocks.js"
import type { PersonFeedback, ToolResult } from "../toolDefinition.js"

export function toolError(message: string): ToolResult {
	return { content: message, isError: true }
}

/** The tool's text, followed by what the person typed (and attached) with their answer. */
export function withFeedback(
	text: string,
	feedback: PersonFeedback | undefined,
	isError = false,
): ToolResult {
	const typed = feedback?.text?.trim()
	const full =
		typed !== undefined && typed !== ""
			? `${text}\n\nThe user said:\n<feedback>\n${typed}\n</feedback>`
			: text
	const images = imageBlocks(feedback?.images ?? [])
	const content: string | (TextBlock | ImageBlock)[] =
		images.length === 0 ? full : [{ type: "text", text: full }, ...images]
	return isError ? { content, isError } : { content }
}

/** The person said no: the model must not retry the same thing blindly. */
export function deniedResult(what: string, feedback: PersonFeedback | undefined): ToolResult {
	const hint =
		feedback?.text?.trim() || feedback?.images?.length
			? "Take their feedback into account before trying again."
			: "Do not retry the same thing; ask the user what they want instead, or take another approach."
	return withFeedback(`The user denied ${what}. ${hint}`, feedback, true)
}

/** The text of a result, for tests and logs. */
export function resultText(result: ToolResult): string {
	if (typeof result.content === "string") return result.content
	return result.content
		.filter((block): block is TextBlock => block.type === "text")
		.map((block) => block.text)
		.join("\n")
}
