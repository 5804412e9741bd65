import { describe, expect, it } from "vitest"
import { hookLine } from "./hookLine.js"

describe("a hook row in the terminal", () => {
	it("names the intent a task selected", () => {
		expect(
			hookLine({
				kind: "context",
				hook: "ContextInjectorHook",
				toolName: "select_active_intent",
				context: "<intent_context/>",
				intentId: "INT-001",
				intentName: "Login form",
			}),
		).toEqual({ tone: "dim", text: "◎ Working on intent INT-001: Login form" })
	})

	it("says loudly which hook blocked which tool, and why", () => {
		expect(
			hookLine({
				kind: "blocked",
				hook: "ScopeEnforcementHook",
				toolName: "write_to_file",
				reason: "No intent is active.",
			}),
		).toEqual({
			tone: "yellow",
			text: "⊘ ScopeEnforcementHook blocked write_to_file: No intent is active.",
		})
		expect(
			hookLine({ kind: "failed", hook: "./check.sh", toolName: "read_file", error: "it timed out" })
				.tone,
		).toBe("yellow")
	})
})
