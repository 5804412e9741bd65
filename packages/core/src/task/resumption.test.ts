import type { ClineMessage } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { responses } from "../prompts/responses.js"
import type { ToolResultBlock } from "../providers/apiMessage.js"
import { resumptionBlocks, taskBlocks } from "./resumption.js"

const task: ClineMessage = { ts: 1, type: "say", say: "text", text: "fix the build" }
const interrupted: ToolResultBlock = {
	type: "tool_result",
	toolUseId: "call_1",
	content: [{ type: "text", text: "The call was interrupted." }],
}
const texts = (blocks: ReturnType<typeof resumptionBlocks>) =>
	blocks.map((b) => (b.type === "text" ? b.text : b.type))

describe("what a paused task tells the model when it goes on", () => {
	it("gives a model that never saw the task the task first, then the pause", () => {
		const blocks = resumptionBlocks({
			transcript: [task],
			modelHasSeenTask: false,
			interrupted: [],
			pausedMs: 4_000,
			answer: { response: "yesButtonClicked" },
		})
		expect(texts(blocks)).toEqual(["<task>\nfix the build\n</task>", responses.resumption(4)])
	})

	it("answers the interrupted calls before saying how long it paused, and ends with the person's words", () => {
		const blocks = resumptionBlocks({
			transcript: [task],
			modelHasSeenTask: true,
			interrupted: [interrupted],
			pausedMs: 200,
			answer: { response: "messageResponse", text: "use pnpm" },
		})
		expect(texts(blocks)).toEqual([
			"tool_result",
			responses.resumption(1),
			responses.feedback("use pnpm"),
		])
	})

	it("wraps a task's text and keeps its images as image blocks", () => {
		const blocks = taskBlocks("look", ["data:image/png;base64,iVBORw0KGgo="])
		expect(blocks[0]).toEqual({ type: "text", text: "<task>\nlook\n</task>" })
		expect(blocks[1]?.type).toBe("image")
	})
})
