import { describe, expect, it } from "vitest"
import { hookMatcherProblem, hookMatches } from "./hookMatcher.js"

describe("hookMatches", () => {
	it("run on the linear-time engine: a matcher that backtracks for ever in JavaScript answers", () => {
		const toolName = `mcp__${"a".repeat(200)}!`
		expect(hookMatches("(a+)+b|mcp__(a|a)*$", toolName)).toBe(false)
		expect(hookMatches("write_to_file|apply_diff", "apply_diff")).toBe(true)
		expect(hookMatches("write_to_file|apply_diff", "apply_diff_x")).toBe(false)
	})

	it("matches every tool for * or empty, and for a matcher it cannot run", () => {
		expect(hookMatches("*", "read_file")).toBe(true)
		expect(hookMatches("", "read_file")).toBe(true)
		expect(hookMatches("(?!read_file).*", "read_file")).toBe(true)
	})
})

describe("hookMatcherProblem", () => {
	it("names the first matcher the linear-time engine cannot run", () => {
		const hook = { type: "command" as const, command: "true", timeout: 60 }
		const hooks = {
			PreToolUse: [{ matcher: "read_file", hooks: [hook] }],
			PostToolUse: [{ matcher: "(a)\\1", hooks: [hook] }],
		}
		expect(hookMatcherProblem(hooks)).toMatch(
			/^PostToolUse\[0\]\.matcher uses a backreference or lookaround/,
		)
	})
})
