import type { ClineMessage } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { taskToMarkdown } from "./taskMarkdown.js"

let ts = 0
const say = (kind: ClineMessage["say"], text: string): ClineMessage => ({
	ts: ++ts,
	type: "say",
	say: kind,
	text,
})
const ask = (kind: ClineMessage["ask"], text: string): ClineMessage => ({
	ts: ++ts,
	type: "ask",
	ask: kind,
	text,
})

describe("taskToMarkdown", () => {
	it("turns the conversation into readable markdown and leaves internal rows out", () => {
		const markdown = taskToMarkdown("Fix the bug\nin detail", [
			say("text", "Fix the bug"),
			say("api_req_started", JSON.stringify({ request: "x", cost: 0.1 })),
			say("reasoning", "Let me look."),
			say("text", "I will read the file."),
			ask("tool", JSON.stringify({ tool: "readFile", path: "src/a.ts" })),
			ask("command", JSON.stringify({ command: "npm test" })),
			say("user_feedback", "looks good"),
			say("completion_result", "Fixed it."),
		])
		expect(markdown.startsWith("# Fix the bug\n\n---\n\n**User:** Fix the bug")).toBe(true)
		expect(markdown).not.toContain("api_req_started")
		expect(markdown).not.toContain("cost")
		expect(markdown).toContain("<details><summary>Reasoning</summary>")
		expect(markdown).toContain("**Tool:** readFile `src/a.ts`")
		expect(markdown).toContain("```sh\nnpm test\n```")
		expect(markdown).toContain("**User:** looks good")
		expect(markdown).toContain("**Result:**\n\nFixed it.")
	})

	it("says what the task spent, as its ledger does: subtasks and unknown prices included", () => {
		const messages = [say("text", "Plan it")]
		const spent = {
			totalCost: 0.0215,
			tokensIn: 7_300,
			tokensOut: 59,
			requests: 4,
			subtasks: {
				requests: 1,
				tokensIn: 2_000,
				tokensOut: 10,
				cacheReads: 0,
				cacheWrites: 0,
				reasoningTokens: 0,
				cost: 0.0065,
				unpriced: 0,
				estimated: 0,
			},
		}
		expect(taskToMarkdown("Plan it", messages, spent)).toContain(
			"**Spent:** $0.0215 · 7300 tokens in · 59 out · 4 requests · subtasks $0.0065 of it",
		)
		const unknown = { totalCost: 0, tokensIn: 100, tokensOut: 5, unpricedRequests: 1 }
		expect(taskToMarkdown("Plan it", messages, unknown)).toContain(
			"**Spent:** price unknown · 100 tokens in",
		)
	})

	it("keeps what governance hooks did, since a governed task's record is an audit", () => {
		const markdown = taskToMarkdown("Edit", [
			say("text", "Edit"),
			say(
				"hook",
				JSON.stringify({
					kind: "blocked",
					hook: "ScopeEnforcementHook",
					toolName: "write_to_file",
					reason: "src/x.ts is outside the owned scope of INT-001",
				}),
			),
			say(
				"hook",
				JSON.stringify({ kind: "intentEnded", intentId: "INT-001", reason: "its status is DONE" }),
			),
		])
		expect(markdown).toContain(
			"**ScopeEnforcementHook** blocked write_to_file: src/x.ts is outside the owned scope of INT-001",
		)
		expect(markdown).toContain("**Intent INT-001 ended:** its status is DONE")
	})

	it("writes the todo list as its checklist, the model's and the person's", () => {
		const list = (status: string) =>
			JSON.stringify({ tool: "updateTodoList", todos: [{ id: "todo-1", content: "Fix it", status }] })
		const markdown = taskToMarkdown("Fix", [
			say("text", "Fix"),
			say("tool", list("in_progress")),
			say("user_edit_todos", list("completed")),
		])
		expect(markdown).toContain("**Todo list:**\n\n- [-] Fix it")
		expect(markdown).toContain("**Todo list (edited by the user):**\n\n- [x] Fix it")
	})
})
