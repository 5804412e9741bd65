import { describe, expect, it } from "vitest"
import {
	askCategory,
	clineAsks,
	idleAsks,
	interactiveAsks,
	isIdleAsk,
	isInteractiveAsk,
	isNonBlockingAsk,
	isResumableAsk,
	nonBlockingAsks,
	resumableAsks,
} from "./clineAsk.js"

describe("ask categories", () => {
	it("are exactly the lists of seeds 000/001, plus Cairn's own budget_reached (issue 36)", () => {
		expect([...idleAsks].sort()).toEqual(
			[
				"completion_result",
				"api_req_failed",
				"resume_completed_task",
				"mistake_limit_reached",
				"auto_approval_max_req_reached",
				"budget_reached",
			].sort(),
		)
		expect([...interactiveAsks].sort()).toEqual(
			["followup", "command", "tool", "browser_action_launch", "use_mcp_server"].sort(),
		)
		expect(resumableAsks).toEqual(["resume_task"])
		expect(nonBlockingAsks).toEqual(["command_output"])
	})

	it("put every ask in exactly one category", () => {
		for (const ask of clineAsks) {
			const hits = [isIdleAsk(ask), isInteractiveAsk(ask), isResumableAsk(ask), isNonBlockingAsk(ask)]
			expect(hits.filter(Boolean), ask).toHaveLength(1)
		}
	})

	it("name the category of each ask", () => {
		expect(askCategory("tool")).toBe("interactive")
		expect(askCategory("completion_result")).toBe("idle")
		expect(askCategory("resume_task")).toBe("resumable")
		expect(askCategory("command_output")).toBe("nonBlocking")
	})

	it("guards reject anything that is not an ask of their category", () => {
		for (const guard of [isIdleAsk, isInteractiveAsk, isResumableAsk, isNonBlockingAsk]) {
			expect(guard(undefined)).toBe(false)
			expect(guard("text")).toBe(false)
			expect(guard(42)).toBe(false)
		}
	})
})
