import type { HistoryItem } from "@cairn/types"
import { beforeEach, describe, expect, it } from "vitest"
import { ask, delta, finishedRequest, fromHost, loadTask, say, stateWith, taskId } from "../test/fixtures"
import { posted } from "../test/setup"
import { useWebviewStore } from "./store"

const store = () => useWebviewStore.getState()
const item = (id: string, ts: number, task = `task ${id}`): HistoryItem => ({
	id,
	ts,
	task,
	tokensIn: 10,
	tokensOut: 5,
	totalCost: 0.01,
})

describe("the store applies a state snapshot", () => {
	it("takes the transcript, task, settings, history and seq from it", () => {
		const messages = [say("text", "Fix the bug"), finishedRequest({ cost: 0.5, tokensIn: 100 })]
		const older = item("a", 1)
		const newer = item("b", 2)
		fromHost({
			type: "state",
			state: stateWith(messages, { seq: 7, taskHistory: [older, newer], mode: "architect" }),
		})
		const s = store()
		expect(s.version).toBe("1.2.3")
		expect(s.messages).toEqual(messages)
		expect(s.taskId).toBe(taskId)
		expect(s.seq).toBe(7)
		expect(s.mode).toBe("architect")
		expect(s.hasApiKey).toBe(true)
		expect(s.taskHistory.map((h) => h.id)).toEqual(["b", "a"])
		expect(s.totals).toMatchObject({ cost: 0.5, tokensIn: 100, requests: 1 })
	})

	it("with no task, empties the transcript", () => {
		loadTask([say("text", "old")])
		fromHost({ type: "state", state: stateWith([]) })
		expect(store().messages).toEqual([])
		expect(store().taskId).toBeUndefined()
	})
})

describe("the store applies messageUpdated deltas", () => {
	beforeEach(() => loadTask([say("text", "task")], { seq: 3 }))

	it("appends a new message and advances seq", () => {
		const text = say("text", "Hello", { partial: true })
		fromHost(delta(text, 4))
		expect(store().messages.at(-1)).toBe(text)
		expect(store().seq).toBe(4)
	})

	it("replaces the message with the same ts (a streaming update)", () => {
		const first = say("text", "Hel", { partial: true })
		fromHost(delta(first, 4), delta({ ...first, text: "Hello" }, 5))
		expect(store().messages).toHaveLength(2)
		expect(store().messages[1]?.text).toBe("Hello")
	})

	it("keeps the other messages' identity, so their rows need no re-render", () => {
		const before = store().messages[0]
		fromHost(delta(say("text", "more"), 4))
		expect(store().messages[0]).toBe(before)
	})

	it("inserts an older message in ts order", () => {
		const a = say("text", "a")
		const b = say("text", "b")
		fromHost(delta(b, 4), delta(a, 5))
		expect(store().messages.map((m) => m.text)).toEqual(["task", "a", "b"])
	})

	it("ignores a delta the snapshot already contained", () => {
		fromHost(delta(say("text", "old news"), 3))
		expect(store().messages).toHaveLength(1)
		expect(posted).toEqual([])
	})

	it("asks for a snapshot on a seq gap, once, and drops deltas until it arrives", () => {
		fromHost(delta(say("text", "x"), 5))
		expect(posted).toEqual([{ type: "requestState" }])
		fromHost(delta(say("text", "y"), 6), delta(say("text", "z"), 7))
		expect(posted).toEqual([{ type: "requestState" }])
		expect(store().messages).toHaveLength(1)

		const fresh = [say("text", "task"), say("text", "x"), say("text", "y"), say("text", "z")]
		loadTask(fresh, { seq: 7 })
		fromHost(delta(say("text", "after"), 8))
		expect(store().messages.map((m) => m.text)).toEqual(["task", "x", "y", "z", "after"])
		expect(posted).toHaveLength(1)
	})

	it("ignores deltas of another task, asking for a snapshot once per such task", () => {
		fromHost(delta(say("text", "elsewhere"), 4, "task-2"))
		expect(store().messages).toHaveLength(1)
		expect(posted).toEqual([{ type: "requestState" }])
		loadTask([say("text", "task")], { seq: 3 })
		fromHost(delta(say("text", "elsewhere again"), 5, "task-2"))
		expect(store().messages).toHaveLength(1)
		expect(posted).toHaveLength(1)
	})

	it("keeps the task totals in step with request rows only", () => {
		const request = say("api_req_started", JSON.stringify({ request: "r" }))
		fromHost(delta(request, 4))
		const totalsWhileStreaming = store().totals
		fromHost(delta(say("text", "streaming", { partial: true }), 5))
		expect(store().totals).toBe(totalsWhileStreaming)
		fromHost(
			delta(
				{
					...request,
					text: JSON.stringify({ request: "r", tokensIn: 50, tokensOut: 20, cost: 0.25 }),
				},
				6,
			),
		)
		expect(store().totals).toMatchObject({ tokensIn: 50, tokensOut: 20, cost: 0.25, requests: 1 })
		expect(store().context).toEqual({ tokens: 70, condensing: false })
	})
	it("follows the context figures through request and condense rows", () => {
		fromHost(
			delta(
				say(
					"api_req_started",
					JSON.stringify({ request: "r", tokensIn: 9000, cost: 0, contextWindow: 10_000 }),
				),
				4,
			),
		)
		expect(store().context).toEqual({ tokens: 9000, window: 10_000, condensing: false })
		const condense = say("condense_context", undefined, { partial: true })
		fromHost(delta(condense, 5))
		expect(store().context.condensing).toBe(true)
		const contextCondense = { cost: 0.01, prevContextTokens: 9000, newContextTokens: 1500, summary: "S" }
		fromHost(delta({ ...condense, partial: false, contextCondense }, 6))
		expect(store().context).toEqual({ tokens: 1500, window: 10_000, condensing: false })
		expect(store().totals.cost).toBe(0.01)
	})

	it("a condense that fails turns its row into an error row, and is no longer under way", () => {
		fromHost(delta(say("api_req_started", JSON.stringify({ request: "r", tokensIn: 900, cost: 0 })), 4))
		const condense = say("condense_context", "Condensing the conversation…", { partial: true })
		fromHost(delta(condense, 5))
		expect(store().context.condensing).toBe(true)
		fromHost(delta({ ...condense, say: "condense_context_error", text: "It failed.", partial: false }, 6))
		expect(store().context).toEqual({ tokens: 900, condensing: false })
	})

	it("follows the active intent through the hook rows that select and end it", () => {
		const hook = (row: object) => say("hook", JSON.stringify(row))
		const selected = hook({
			kind: "context",
			hook: "ContextInjectorHook",
			toolName: "select_active_intent",
			context: "<intent_context/>",
			intentId: "INT-001",
			intentName: "Login form",
		})
		fromHost(delta(selected, 4))
		expect(store().activeIntent).toEqual({ id: "INT-001", name: "Login form" })
		fromHost(delta(say("text", "working"), 5))
		expect(store().activeIntent).toEqual({ id: "INT-001", name: "Login form" })
		fromHost(
			delta(hook({ kind: "intentEnded", intentId: "INT-001", reason: "its status is now DONE" }), 6),
		)
		expect(store().activeIntent).toBeUndefined()
		loadTask([say("text", "task"), selected])
		expect(store().activeIntent?.id).toBe("INT-001")
	})
})

describe("the store applies the other host messages", () => {
	it("upserts and removes history items, newest first, and refreshes the current task's item", () => {
		loadTask([say("text", "task")], { taskHistory: [item("a", 1), item(taskId, 2)] })
		fromHost({
			type: "taskHistoryUpdated",
			upserted: [item("c", 3), { ...item(taskId, 2), totalCost: 9 }],
			removedIds: ["a"],
		})
		expect(store().taskHistory.map((h) => h.id)).toEqual(["c", taskId])
		expect(store().taskHistory[1]?.totalCost).toBe(9)
		expect(store().currentTaskItem?.totalCost).toBe(9)
	})

	it("settingsUpdated, modeChanged and theme replace what they name", () => {
		loadTask([])
		const settings = { ...stateWith([]).settings, commandTimeoutSec: 42 }
		fromHost(
			{ type: "settingsUpdated", settings, hasApiKey: false },
			{ type: "modeChanged", mode: "ask" },
			{ type: "theme", kind: "high-contrast" },
		)
		expect(store()).toMatchObject({ hasApiKey: false, mode: "ask", themeKind: "high-contrast" })
		expect(store().settings.commandTimeoutSec).toBe(42)
	})

	it("keeps the latest MCP servers and problems, whole", () => {
		expect(store().mcp).toBeUndefined()
		const problem = {
			source: "global",
			file: "/cfg/mcp.json",
			message: "The file is empty",
			problem: { kind: "config_empty", params: {} },
		} as const
		fromHost({ type: "mcpServers", servers: [], problems: [problem] })
		expect(store().mcp).toEqual({ servers: [], problems: [problem] })
		fromHost({ type: "mcpServers", servers: [], problems: [] })
		expect(store().mcp).toEqual({ servers: [], problems: [] })
	})

	it("an error becomes a notice", () => {
		fromHost({ type: "error", error: "No such task", code: "not_found", inReplyTo: "showTaskWithId" })
		expect(store().notice).toMatchObject({ error: "No such task", inReplyTo: "showTaskWithId" })
	})

	it("actions switch views and focus the chat box", () => {
		fromHost({ type: "action", action: "historyButtonClicked" })
		expect(store().view).toBe("history")
		fromHost({ type: "action", action: "settingsButtonClicked" })
		expect(store().view).toBe("settings")
		fromHost({ type: "action", action: "mcpButtonClicked" })
		expect(store().view).toBe("mcp")
		const focus = store().focusRequest
		fromHost({ type: "action", action: "focusInput" })
		expect(store().view).toBe("chat")
		expect(store().focusRequest).toBeGreaterThan(focus)
	})

	it("invoke setChatBoxMessage adds to the chat box without losing what was typed", () => {
		useWebviewStore.setState({ composerText: "Look at" })
		fromHost({ type: "invoke", invoke: "setChatBoxMessage", text: "src/a.ts:1-5" })
		expect(store().composerText).toBe("Look at\nsrc/a.ts:1-5")
	})

	it("invoke sendMessage sends like the chat box does", () => {
		loadTask([])
		fromHost({ type: "invoke", invoke: "sendMessage", text: "Explain this" })
		expect(posted).toEqual([{ type: "newTask", text: "Explain this" }])
	})

	it("invoke primaryButtonClick presses the enabled primary button, with the text it brings", () => {
		loadTask([
			say("text", "task"),
			finishedRequest(),
			ask("tool", JSON.stringify({ tool: "readFile", path: "a" })),
		])
		fromHost({ type: "invoke", invoke: "primaryButtonClick", text: "ok" })
		expect(posted).toEqual([{ type: "askResponse", askResponse: "yesButtonClicked", text: "ok" }])
	})

	it("a pressed button without text from the host takes the chat box's draft; with text it keeps it", () => {
		const read = JSON.stringify({ tool: "readFile", path: "a" })
		loadTask([say("text", "task"), finishedRequest(), ask("tool", read)])
		useWebviewStore.setState({ composerText: "my draft" })
		fromHost({ type: "invoke", invoke: "secondaryButtonClick", text: "from the command" })
		expect(store().composerText).toBe("my draft")
		fromHost({ type: "invoke", invoke: "secondaryButtonClick" })
		expect(posted).toEqual([
			{ type: "askResponse", askResponse: "noButtonClicked", text: "from the command" },
			{ type: "askResponse", askResponse: "noButtonClicked", text: "my draft" },
		])
		expect(store().composerText).toBe("")
	})

	it("invoke secondaryButtonClick does nothing when there is no such button", () => {
		loadTask([say("text", "task"), finishedRequest(), say("text", "working")])
		fromHost({ type: "invoke", invoke: "secondaryButtonClick" })
		expect(posted).toEqual([])
	})

	it("invoke newChat ends the task and shows the chat", () => {
		useWebviewStore.setState({ view: "settings" })
		fromHost({ type: "invoke", invoke: "newChat" })
		expect(posted).toEqual([{ type: "clearTask" }])
		expect(store().view).toBe("chat")
	})

	it("selectedImages are attached to the chat box, at most 20", () => {
		const image = "data:image/png;base64,AAAA"
		fromHost({ type: "selectedImages", images: Array.from({ length: 25 }, () => image) })
		expect(store().composerImages).toHaveLength(20)
	})
})
