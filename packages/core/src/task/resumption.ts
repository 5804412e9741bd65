import type { ClineMessage } from "@cairn/types"
import { responses } from "../prompts/responses.js"
import type { ToolResultBlock, UserBlock } from "../providers/apiMessage.js"
import { imageBlocks } from "../providers/imageBlocks.js"
import type { AskAnswer } from "./askGate.js"
import { restoreBeforeResume } from "./reloadTranscript.js"

/** The first user message of a task: its text and images. */
export function taskBlocks(text: string, images: readonly string[]): UserBlock[] {
	return [{ type: "text", text: `<task>\n${text}\n</task>` }, ...imageBlocks([...images])]
}

/**
 * What the model is told when a paused task goes on: the task itself when it never saw it (rewound
 * to before the first request), the results of the calls the pause interrupted, how long it was
 * paused, whether files were restored to a checkpoint meanwhile, and the person's words.
 */
export function resumptionBlocks(options: {
	transcript: readonly ClineMessage[]
	modelHasSeenTask: boolean
	interrupted: readonly ToolResultBlock[]
	pausedMs: number
	answer: AskAnswer
}): UserBlock[] {
	const { transcript, answer } = options
	const resumed: UserBlock[] = []
	const first = transcript[0]
	if (!options.modelHasSeenTask && first !== undefined)
		resumed.push(...taskBlocks(first.text ?? "", first.images ?? []))
	resumed.push(...options.interrupted)
	const seconds = Math.max(1, Math.round(options.pausedMs / 1000))
	resumed.push({ type: "text", text: responses.resumption(seconds) })
	const restore = restoreBeforeResume(transcript)
	if (restore !== undefined)
		resumed.push({ type: "text", text: responses.filesRestored(restore.taskRewound) })
	if (answer.text)
		resumed.push(
			{ type: "text", text: responses.feedback(answer.text) },
			...imageBlocks(answer.images ?? []),
		)
	return resumed
}
