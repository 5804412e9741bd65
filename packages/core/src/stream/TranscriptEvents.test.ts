import type { ClineMessage } from "@cairn/types"
import { describe, expect, it } from "vitest"
import type { StreamEvent } from "./streamEvents.js"
import { TranscriptEvents } from "./TranscriptEvents.js"

function setup() {
	const events: StreamEvent[] = []
	const transcript = new TranscriptEvents((event) => events.push(event))
	let ts = 100
	const next = () => ++ts
	const put = (message: ClineMessage) => transcript.upsert(message)
	return { events, transcript, next, put }
}

const request = (ts: number, cost?: number): ClineMessage => ({
	ts,
	type: "say",
	say: "api_req_started",
	text: JSON.stringify({ request: "x", tokensIn: 10, tokensOut: 5, ...(cost !== undefined && { cost }) }),
})

describe("TranscriptEvents", () => {
	it("the first row is the person's prompt; streamed text becomes deltas that add up to the text, then done", () => {
		const { events, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "the task" })
		const req = next()
		put(request(req))
		const ts = next()
		// Coalesced updates skip some intermediate versions; nothing is lost or repeated.
		for (const text of ["He", "Hello wo", "Hello world", "Hello world!"])
			put({ ts, type: "say", say: "text", text, partial: true })
		put({ ts, type: "say", say: "text", text: "Hello world!", partial: false })
		put({ ts, type: "say", say: "text", text: "Hello world!", partial: false })
		put(request(req, 0.5))
		const deltas = events.filter((e) => e.type === "assistant" && !e.done)
		expect(deltas.map((e) => (e as { delta: string }).delta).join("")).toBe("Hello world!")
		expect(events.filter((e) => e.type === "assistant" && e.done)).toEqual([
			{ type: "assistant", id: `msg_${ts}`, text: "Hello world!", done: true },
		])
		expect(events[0]).toEqual({ type: "user", id: "user_101", text: "the task" })
		expect(events.at(-1)).toMatchObject({
			type: "cost",
			tokensIn: 10,
			tokensOut: 5,
			cost: 0.5,
			totalCost: 0.5,
		})
	})

	it("tells the mentions left out of the person's message once they are known, once", () => {
		const { events, next, put } = setup()
		const task: ClineMessage = { ts: next(), type: "say", say: "text", text: "fix @git-changes" }
		put(task)
		// The host marks the row after reading its mentions; later updates do not tell it again.
		put({ ...task, mentionsLeftOut: ["@git-changes"] })
		put({ ...task, mentionsLeftOut: ["@git-changes"] })
		const feedback: ClineMessage = { ts: next(), type: "say", say: "user_feedback", text: "and @/a.ts" }
		put(feedback)
		put({ ...feedback, mentionsLeftOut: ["@/a.ts"] })
		expect(events).toEqual([
			{ type: "user", id: "user_101", text: "fix @git-changes" },
			{ type: "system", subtype: "mentions_left_out", id: "user_101", mentions: ["@git-changes"] },
			{ type: "user", id: "user_102", text: "and @/a.ts" },
			{ type: "system", subtype: "mentions_left_out", id: "user_102", mentions: ["@/a.ts"] },
		])
	})

	it("reports a hook row once, and a scope-violation ask as a call of the tool it is about", () => {
		const { events, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "task" })
		const blocked = {
			kind: "blocked" as const,
			hook: "ScopeEnforcementHook",
			toolName: "write_to_file",
			reason: "No intent is active.",
		}
		const hookTs = next()
		put({ ts: hookTs, type: "say", say: "hook", text: JSON.stringify(blocked) })
		put({ ts: hookTs, type: "say", say: "hook", text: JSON.stringify(blocked) })
		put({
			ts: next(),
			type: "ask",
			ask: "tool",
			text: JSON.stringify({
				tool: "scopeViolation",
				intentId: "INT-001",
				toolName: "write_to_file",
				path: "b.ts",
				reason: "b.ts is outside the owned scope of INT-001",
			}),
		})
		expect(events.filter((e) => e.type === "system")).toEqual([
			{ type: "system", subtype: "hook", hook: blocked },
		])
		expect(events.find((e) => e.type === "tool_use")).toMatchObject({
			name: "write_to_file",
			kind: "scopeViolation",
			approval: "ask",
		})
	})

	it("frames a command: tool_use at the ask, output as it grows, tool_result when the next request starts", () => {
		const { events, transcript, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "task" })
		const ask = next()
		put({
			ts: ask,
			type: "ask",
			ask: "command",
			text: JSON.stringify({ command: "npm test" }),
			partial: true,
		})
		put({ ts: ask, type: "ask", ask: "command", text: JSON.stringify({ command: "npm test" }) })
		transcript.answered(ask, "command", { type: "askResponse", askResponse: "yesButtonClicked" }, "auto")
		const out = next()
		put({ ts: out, type: "ask", ask: "command_output", text: "ok 1\n" })
		put({ ts: out, type: "ask", ask: "command_output", text: "ok 1\nok 2\n" })
		put(request(next()))
		expect(events.slice(1)).toEqual([
			{
				type: "tool_use",
				id: `tool_${ask}`,
				name: "execute_command",
				kind: "command",
				input: { command: "npm test" },
				approval: "ask",
			},
			{
				type: "ask",
				id: `ask_${ask}`,
				ask: "command",
				text: JSON.stringify({ command: "npm test" }),
				toolUseId: `tool_${ask}`,
			},
			{
				type: "system",
				subtype: "ask_answered",
				id: `ask_${ask}`,
				ask: "command",
				response: "yesButtonClicked",
				by: "auto",
			},
			{ type: "tool_output", id: `tool_${ask}`, delta: "ok 1\n" },
			{ type: "tool_output", id: `tool_${ask}`, delta: "ok 2\n" },
			{
				type: "tool_result",
				id: `tool_${ask}`,
				name: "execute_command",
				status: "success",
				output: "ok 1\nok 2\n",
			},
		])
	})

	it("a command that failed, was killed or stopped ends its call as error or cancelled, with its exit code", () => {
		const { events, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "task" })
		const ended = (commandExit: ClineMessage["commandExit"]) => {
			const ts = next()
			const row: ClineMessage = {
				ts,
				type: "say",
				say: "tool",
				text: JSON.stringify({ tool: "executeCommand", command: "npm test" }),
				outcome: "auto_approved",
			}
			put(row)
			put({ ...row, commandExit })
			put(request(next()))
			return events.at(-1)
		}
		expect(ended({ exitCode: 2 })).toMatchObject({ type: "tool_result", status: "error", exitCode: 2 })
		expect(ended({ signal: "SIGKILL" })).toMatchObject({ status: "error" })
		expect(ended({ stopped: true, signal: "SIGTERM" })).toMatchObject({ status: "cancelled" })
		expect(ended({ exitCode: 0 })).toMatchObject({ status: "success", exitCode: 0 })
		expect(ended({ proceeded: true })).toMatchObject({ status: "success" })
	})

	it("a background command's row: started, its new output as deltas, and ended once", () => {
		const { events, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "task" })
		const ts = next()
		const row = (fields: object) =>
			put({
				ts,
				type: "say",
				say: "background_command",
				text: JSON.stringify({
					id: "cmd_1",
					command: "npm run dev",
					state: "running",
					output: "",
					...fields,
				}),
			})
		row({})
		row({ output: "ready\n" })
		row({ output: "ready\nGET /\n" })
		const end = {
			state: "ended",
			output: "ready\nGET /\n",
			exit: { signal: "SIGTERM", stopped: true },
			stoppedBy: "person",
		}
		row(end)
		row(end)
		expect(events.slice(1)).toEqual([
			{
				type: "system",
				subtype: "background_command",
				id: "cmd_1",
				command: "npm run dev",
				state: "running",
			},
			{ type: "background_output", id: "cmd_1", delta: "ready\n" },
			{ type: "background_output", id: "cmd_1", delta: "GET /\n" },
			{
				type: "system",
				subtype: "background_command",
				id: "cmd_1",
				command: "npm run dev",
				state: "ended",
				exit: { signal: "SIGTERM", stopped: true },
				stoppedBy: "person",
			},
		])
	})

	it("a refused approval ends its call as rejected; an error row after a call is its error", () => {
		const { events, transcript, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "task" })
		const first = next()
		put({
			ts: first,
			type: "ask",
			ask: "tool",
			text: JSON.stringify({ tool: "editedExistingFile", path: "a", diff: "-a\n+b" }),
		})
		transcript.answered(
			first,
			"tool",
			{ type: "askResponse", askResponse: "messageResponse", text: "no" },
			"person",
		)
		put({ ts: next(), type: "say", say: "user_feedback", text: "no" })
		put(request(next()))
		const second = next()
		put({ ts: second, type: "say", say: "tool", text: JSON.stringify({ tool: "readFile", path: "b" }) })
		put({ ts: next(), type: "say", say: "error", text: "b does not exist" })
		const results = events.filter((e) => e.type === "tool_result")
		expect(results).toEqual([
			{ type: "tool_result", id: `tool_${first}`, name: "write_to_file", status: "rejected" },
			{
				type: "tool_result",
				id: `tool_${second}`,
				name: "read_file",
				status: "error",
				error: "b does not exist",
			},
		])
		expect(events).toContainEqual({ type: "user", id: expect.any(String), text: "no" })
	})

	it("an error with no call open is an error event; an interrupted call is cancelled", () => {
		const { events, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "task" })
		put({ ts: next(), type: "say", say: "error", text: "Cancelled before this tool call was complete." })
		const call = next()
		put({
			ts: call,
			type: "say",
			say: "tool",
			text: JSON.stringify({ tool: "executeCommand", command: "sleep 9" }),
		})
		put({ ts: next(), type: "ask", ask: "resume_task" })
		expect(events.slice(1)).toEqual([
			{ type: "error", source: "agent", message: "Cancelled before this tool call was complete." },
			{
				type: "tool_use",
				id: `tool_${call}`,
				name: "execute_command",
				kind: "executeCommand",
				input: { command: "sleep 9" },
				approval: "auto",
			},
			{ type: "tool_result", id: `tool_${call}`, name: "execute_command", status: "cancelled" },
			{ type: "ask", id: expect.any(String), ask: "resume_task" },
		])
	})

	it("reports follow-ups, completions, retries and failures", () => {
		const { events, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "task" })
		put({
			ts: next(),
			type: "ask",
			ask: "followup",
			text: JSON.stringify({ question: "Q?", suggest: [{ answer: "A" }] }),
		})
		put({
			ts: next(),
			type: "say",
			say: "api_req_retry_delayed",
			text: JSON.stringify({ attempt: 1, maxAttempts: 2, delayMs: 10, error: "503" }),
		})
		const done = next()
		put({ ts: done, type: "say", say: "completion_result", text: "Do", partial: true })
		put({ ts: done, type: "say", say: "completion_result", text: "Done." })
		put({ ts: next(), type: "ask", ask: "api_req_failed", text: "server down" })
		expect(events.slice(1)).toEqual([
			{ type: "ask", id: expect.any(String), ask: "followup", question: "Q?", suggestions: ["A"] },
			{ type: "system", subtype: "retry", attempt: 1, maxAttempts: 2, delayMs: 10, error: "503" },
			{ type: "completion", id: `completion_${done}`, text: "Done." },
			{ type: "error", source: "api", message: "server down" },
			{ type: "ask", id: expect.any(String), ask: "api_req_failed", text: "server down" },
		])
	})

	it("reports each attempt of a retry row that updates in place, and not the row's end", () => {
		const { events, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "task" })
		const retry = next()
		const delay = { maxAttempts: 5, delayMs: 10, error: "503" }
		put({
			ts: retry,
			type: "say",
			say: "api_req_retry_delayed",
			text: JSON.stringify({ attempt: 1, ...delay }),
		})
		put({
			ts: retry,
			type: "say",
			say: "api_req_retry_delayed",
			text: JSON.stringify({ attempt: 2, ...delay }),
		})
		const ended = { attempt: 2, ...delay, result: "succeeded" }
		put({ ts: retry, type: "say", say: "api_req_retry_delayed", text: JSON.stringify(ended) })
		expect(events.slice(1).map((event) => ("attempt" in event ? event.attempt : event.type))).toEqual([
			1, 2,
		])
	})

	it("does not report a tool call that never ran (cancelled, cut off or skipped) as used", () => {
		const { events, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "task" })
		const row = JSON.stringify({ tool: "newFileCreated", path: "a.md", content: "x" })
		put({ ts: next(), type: "say", say: "tool", text: row, outcome: "cancelled" })
		put({ ts: next(), type: "say", say: "tool", text: row, outcome: "skipped" })
		expect(events.slice(1).filter((event) => event.type === "tool_use")).toEqual([])
	})

	it("reports a checkpoint once it is saved, a restore with what it did, and checkpoints that are off", () => {
		const { events, next, put } = setup()
		const a = "a".repeat(40)
		const b = "b".repeat(40)
		put({ ts: next(), type: "say", say: "text", text: "task" })
		const saved = next()
		put({ ts: saved, type: "say", say: "checkpoint_saved", partial: true })
		const checkpoint = { commit: a, reason: "taskStart" as const, history: { messages: 0 } }
		put({ ts: saved, type: "say", say: "checkpoint_saved", text: a, checkpoint })
		put({ ts: saved, type: "say", say: "checkpoint_saved", text: a, checkpoint })
		const restored = next()
		const report = { restoredTo: a, written: ["app.ts"], removed: [], skipped: [], taskRewound: true }
		put({
			ts: restored,
			type: "say",
			say: "checkpoint_saved",
			text: b,
			checkpoint: { commit: b, reason: "beforeRestore", history: { messages: 2 }, restore: report },
		})
		const off = next()
		put({ ts: off, type: "say", say: "checkpoint_error", text: "git is not installed" })
		expect(events.filter((e) => e.type === "system")).toEqual([
			{
				type: "system",
				subtype: "checkpoint_saved",
				id: `checkpoint_${saved}`,
				checkpoint: a,
				reason: "taskStart",
			},
			{
				type: "system",
				subtype: "checkpoint_restored",
				id: `checkpoint_${restored}`,
				checkpoint: b,
				...report,
			},
			{
				type: "system",
				subtype: "checkpoints_unavailable",
				id: `checkpoint_${off}`,
				error: "git is not installed",
			},
		])
	})

	it("reports a condense once it is final, counts what the summary cost, and reports failures and truncations", () => {
		const { events, transcript, next, put } = setup()
		put({ ts: next(), type: "say", say: "text", text: "task" })
		put(request(next(), 0.5))
		const condensed = next()
		put({ ts: condensed, type: "say", say: "condense_context", partial: true })
		const contextCondense = {
			cost: 0.02,
			prevContextTokens: 90_000,
			newContextTokens: 12_000,
			summary: "S.",
		}
		put({ ts: condensed, type: "say", say: "condense_context", contextCondense })
		put({ ts: condensed, type: "say", say: "condense_context", contextCondense })
		const failed = next()
		put({
			ts: failed,
			type: "say",
			say: "condense_context_error",
			text: "The model answered with nothing.",
		})
		const truncated = next()
		put({ ts: truncated, type: "say", say: "sliding_window_truncation" })
		expect(events.filter((e) => e.type === "system")).toEqual([
			{ type: "system", subtype: "context_condensed", id: `context_${condensed}`, ...contextCondense },
			{
				type: "system",
				subtype: "condense_failed",
				id: `context_${failed}`,
				error: "The model answered with nothing.",
			},
			{ type: "system", subtype: "context_truncated", id: `context_${truncated}` },
		])
		expect(transcript.usage.cost).toBeCloseTo(0.52)
	})

	it("absorbs a reloaded task's rows as history: counted, not reported", () => {
		const { events, transcript, next, put } = setup()
		const old = [
			{ ts: 1, type: "say" as const, say: "text" as const, text: "old task" },
			request(2, 0.25),
			{
				ts: 3,
				type: "say" as const,
				say: "condense_context" as const,
				contextCondense: { cost: 0.5, prevContextTokens: 9, newContextTokens: 1, summary: "s" },
			},
			{ ts: 4, type: "say" as const, say: "completion_result" as const, text: "Old result." },
		]
		transcript.absorb(old)
		for (const message of old) put(message)
		expect(events).toEqual([])
		expect(transcript.usage.cost).toBe(0.75)
		expect(transcript.lastCompletion).toBe("Old result.")
		put({ ts: next(), type: "say", say: "user_feedback", text: "more" })
		expect(events).toEqual([{ type: "user", id: expect.any(String), text: "more" }])
	})
	it("takes a long task's usage from the host's totals when it holds only its newest page", () => {
		const { transcript, put } = setup()
		const page = [
			request(500, 0.25),
			{ ts: 501, type: "say" as const, say: "text" as const, text: "Done." },
		]
		const totals = {
			tokensIn: 9000,
			tokensOut: 900,
			cacheReads: 0,
			cacheWrites: 0,
			cost: 12.5,
			requests: 40,
		}
		transcript.absorb(page, totals)
		for (const message of page) put(message)
		expect(transcript.usage).toEqual({
			tokens: { input: 9000, output: 900, cacheWrites: 0, cacheReads: 0 },
			cost: 12.5,
		})
	})
})
