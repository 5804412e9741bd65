import { describe, expect, it } from "vitest"
import type { ClineMessage } from "../message/clineMessage.js"
import type { ClineSayHook } from "../message/hookRow.js"
import { activeIntentOf } from "./activeIntent.js"

let ts = 0
const hook = (row: ClineSayHook): ClineMessage => ({
	ts: ++ts,
	type: "say",
	say: "hook",
	text: JSON.stringify(row),
})
const text = (t: string): ClineMessage => ({ ts: ++ts, type: "say", say: "text", text: t })
const selected = (intentId: string, intentName?: string) =>
	hook({
		kind: "context",
		hook: "ContextInjectorHook",
		toolName: "select_active_intent",
		context: "<intent_context/>",
		intentId,
		...(intentName && { intentName }),
	})

describe("activeIntentOf", () => {
	it("is undefined for a task that never selected an intent", () => {
		expect(activeIntentOf([text("task"), text("answer")])).toBeUndefined()
	})

	it("is the newest selected intent", () => {
		expect(
			activeIntentOf([text("task"), selected("INT-1"), text("x"), selected("INT-2", "Auth")]),
		).toEqual({
			id: "INT-2",
			name: "Auth",
		})
	})

	it("ends with an intentEnded row, and a later selection starts another", () => {
		const ended = hook({ kind: "intentEnded", intentId: "INT-1", reason: "its status is DONE" })
		expect(activeIntentOf([selected("INT-1"), ended])).toBeUndefined()
		expect(activeIntentOf([selected("INT-1"), ended, selected("INT-3")])).toEqual({ id: "INT-3" })
	})

	it("ignores hook rows that do not select (a user hook's context, a block) and unreadable ones", () => {
		const userContext = hook({
			kind: "context",
			hook: "./lint.sh",
			toolName: "write_to_file",
			context: "ok",
		})
		const blocked = hook({ kind: "blocked", hook: "x", toolName: "write_to_file", reason: "no" })
		const broken: ClineMessage = { ts: ++ts, type: "say", say: "hook", text: "{" }
		expect(activeIntentOf([selected("INT-1"), userContext, blocked, broken])).toEqual({ id: "INT-1" })
	})
})
