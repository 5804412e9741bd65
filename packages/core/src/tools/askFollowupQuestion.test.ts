import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { askFollowupQuestionTool } from "./askFollowupQuestion.js"

let t: TestToolContext
const setup = async (options: TestToolContextOptions = {}) => (t = await createTestToolContext(options))
afterEach(() => t?.cleanup())

const ask = (input: unknown) => callTool(askFollowupQuestionTool, input, t.context)

describe("ask_followup_question", () => {
	it("asks the person with the suggestions and hands the answer back in <answer> tags", async () => {
		await setup({ followup: () => ({ text: "  Postgres, please " }) })
		const result = await ask({
			question: "Which database?",
			follow_up: [{ text: "SQLite" }, { text: "Postgres", mode: "architect" }],
		})
		expect(result.text).toBe("<answer>\nPostgres, please\n</answer>")
		expect(result.isError).toBeUndefined()
		expect(t.followups).toEqual([
			{
				question: "Which database?",
				suggest: [{ answer: "SQLite" }, { answer: "Postgres", mode: "architect" }],
			},
		])
	})

	it("passes attached images along as image blocks", async () => {
		await setup({
			followup: () => ({ text: "like this", images: ["data:image/png;base64,iVBORw0KGgo="] }),
		})
		const result = await ask({ question: "Which layout?", follow_up: [{ text: "A" }] })
		expect(result.content).toEqual([
			{ type: "text", text: "<answer>\nlike this\n</answer>" },
			{ type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
		])
	})

	it("requires a question and at least one suggestion, with readable errors", async () => {
		await setup()
		expect((await ask({ follow_up: [{ text: "a" }] })).text).toContain(
			'Missing required parameter "question".',
		)
		expect((await ask({ question: "Q?", follow_up: [] })).text).toMatch(/Parameter "follow_up": .*>=1/)
		expect((await ask({ question: "Q?", follow_up: [{ mode: "code" }] })).text).toContain(
			'Missing required parameter "follow_up.0.text".',
		)
		expect(t.followups).toEqual([])
	})

	it("previews the question and the suggestions that have arrived so far", () => {
		expect(askFollowupQuestionTool.preview?.({})).toBeUndefined()
		expect(
			askFollowupQuestionTool.preview?.({
				question: "Which?",
				follow_up: [{ text: "A" }, {} as { text: string }],
			}),
		).toEqual({ ask: "followup", followup: { question: "Which?", suggest: [{ answer: "A" }] } })
	})
})
