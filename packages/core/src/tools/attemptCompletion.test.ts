import { afterEach, describe, expect, it } from "vitest"
import { callTool } from "../test-support/callTool.js"
import { createTestToolContext, type TestToolContext } from "../test-support/toolContext.js"
import { attemptCompletionTool } from "./attemptCompletion.js"

let t: TestToolContext
afterEach(() => t?.cleanup())

describe("attempt_completion", () => {
	it("completes the task with the result, asking nothing itself", async () => {
		t = await createTestToolContext()
		const result = await callTool(attemptCompletionTool, { result: "Added the tests." }, t.context)
		expect(result).toMatchObject({ content: "Added the tests.", completesTask: true })
		expect(result.isError).toBeUndefined()
		expect(t.approvals).toEqual([])
		expect(t.followups).toEqual([])
	})

	it("offers a suggested command without running it", async () => {
		t = await createTestToolContext()
		const result = await callTool(
			attemptCompletionTool,
			{ result: "Built the page.", command: "touch ran.txt" },
			t.context,
		)
		expect(result.text).toBe("Built the page.\n\nTo see the result, run: `touch ran.txt`")
		expect(t.commandOutput).toEqual([])
		expect(t.approvals).toEqual([])
	})

	it("refuses an empty result and previews the result as it streams", async () => {
		t = await createTestToolContext()
		expect((await callTool(attemptCompletionTool, { result: "  " }, t.context)).isError).toBe(true)
		expect(attemptCompletionTool.preview?.({ result: "Done so f" })).toEqual({
			say: "completion_result",
			text: "Done so f",
		})
	})
})
