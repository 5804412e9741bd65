import { describe, expect, it } from "vitest"
import { clineAsks } from "../message/clineAsk.js"
import { ask, say } from "../test-support/messages.js"
import { waitingFor } from "./waitingFor.js"

const json = (value: unknown) => JSON.stringify(value)

describe("waitingFor", () => {
	it.each([
		[
			ask("tool", json({ tool: "editedExistingFile", path: "src/app.ts", diff: "" })),
			"Cairn waits for you to approve an edit of src/app.ts.",
		],
		[
			ask("tool", json({ tool: "newFileCreated", path: "notes.md", content: "x" })),
			"Cairn waits for you to approve creating notes.md.",
		],
		[
			ask("tool", json({ tool: "readFile", path: "../outside.txt" })),
			"Cairn waits for you to approve reading ../outside.txt.",
		],
		[
			ask("tool", json({ tool: "switchMode", mode: "code" })),
			"Cairn waits for you to approve switching to code mode.",
		],
		[
			ask("tool", json({ tool: "newTask", mode: "debug", content: "find it" })),
			"Cairn waits for you to approve a subtask in debug mode.",
		],
		[ask("tool", "not json"), "Cairn waits for your approval."],
		[ask("command", json({ command: "npm test" })), "Cairn waits for you to approve running npm test."],
		[
			ask("command", json({ command: "make \\\n  all" })),
			"Cairn waits for you to approve running make \\….",
		],
		[ask("followup", json({ question: "Which file?", suggest: [] })), "Cairn asks: Which file?"],
		[
			ask("use_mcp_server", json({ type: "use_mcp_tool", serverName: "files", toolName: "read" })),
			"Cairn waits for you to approve the MCP tool read of files.",
		],
		[ask("completion_result", ""), "Cairn has finished the task: see its result."],
		[ask("api_req_failed", "500"), "Cairn's request to the model failed: retry or stop?"],
		[ask("mistake_limit_reached", "..."), "Cairn is stuck and needs your guidance."],
		[ask("resume_task", ""), "Cairn's task was interrupted: resume it?"],
	])("%#: says what the ask waits for", (message, text) => {
		expect(waitingFor(message)).toBe(text)
	})

	it("cuts a long path or question to one line", () => {
		const long = `src/${"a".repeat(200)}.ts`
		const text = waitingFor(ask("tool", json({ tool: "editedExistingFile", path: long, diff: "" })))
		expect(text).toMatch(/^Cairn waits for you to approve an edit of src\/a+…\.$/)
		expect(text?.length).toBeLessThan(140)
	})

	it("is undefined for what waits for nobody: says, partial asks, a running command, a finished task reopened", () => {
		expect(waitingFor(say("text", "hello"))).toBeUndefined()
		expect(
			waitingFor(ask("tool", json({ tool: "readFile", path: "a" }), { partial: true })),
		).toBeUndefined()
		expect(waitingFor(ask("command_output", ""))).toBeUndefined()
		expect(waitingFor(ask("resume_completed_task", ""))).toBeUndefined()
	})

	it("has a sentence for every other ask", () => {
		const silent = ["command_output", "resume_completed_task"]
		for (const kind of clineAsks.filter((a) => !silent.includes(a)))
			expect(waitingFor(ask(kind, "{}")), kind).toMatch(/^Cairn/)
	})
})
