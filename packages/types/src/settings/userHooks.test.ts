import { describe, expect, it } from "vitest"
import { safeParse } from "../parse.js"
import { userHookMatches, userHooksSchema } from "./userHooks.js"

describe("user hooks", () => {
	it("a hook group needs commands; timeout and matcher have defaults", () => {
		const parsed = safeParse(userHooksSchema, { PreToolUse: [{ hooks: [{ command: "./check.sh" }] }] })
		expect(parsed).toEqual({
			success: true,
			data: {
				PreToolUse: [
					{ matcher: "", hooks: [{ type: "command", command: "./check.sh", timeout: 60 }] },
				],
				PostToolUse: [],
			},
		})
	})

	it.each([
		[{ PreToolUse: [{ matcher: "(", hooks: [{ command: "x" }] }] }, "PreToolUse.0.matcher"],
		[{ PreToolUse: [{ matcher: "x", hooks: [] }] }, "PreToolUse.0.hooks"],
		[{ PostToolUse: [{ hooks: [{ command: "x", timeout: 0 }] }] }, "PostToolUse.0.hooks.0.timeout"],
		[{ OnStop: [] }, "(root)"],
	])("%j is reported at %s", (input, where) => {
		const parsed = safeParse(userHooksSchema, input)
		expect(parsed.success).toBe(false)
		if (!parsed.success) expect(parsed.error).toContain(where)
	})

	it("a matcher is a regular expression over the whole tool name", () => {
		expect(userHookMatches("execute_command", "execute_command")).toBe(true)
		expect(userHookMatches("write_to_file|apply_diff", "apply_diff")).toBe(true)
		expect(userHookMatches("write", "write_to_file")).toBe(false)
		expect(userHookMatches("write.*", "write_to_file")).toBe(true)
		expect(userHookMatches("", "read_file")).toBe(true)
		expect(userHookMatches("*", "read_file")).toBe(true)
	})
})
