import { describe, expect, it } from "vitest"
import { slashCommandNameSchema, slashInvocation } from "./slashCommand.js"

describe("slashInvocation", () => {
	it("splits a command from what follows it", () => {
		expect(slashInvocation("/review src/app.ts")).toEqual({ name: "review", args: "src/app.ts" })
		expect(slashInvocation("/review")).toEqual({ name: "review", args: "" })
		expect(slashInvocation("  /new  fix the build \n")).toEqual({ name: "new", args: "fix the build" })
		expect(slashInvocation("/fix-bug_2\nline one\nline two")).toEqual({
			name: "fix-bug_2",
			args: "line one\nline two",
		})
	})

	it("takes a path, a bare slash or text that merely contains a slash for no command", () => {
		for (const text of ["/usr/bin/env", "/", "/ review", "see /review", "/Review", "/-x", "/a.b", "/a:b"])
			expect(slashInvocation(text), text).toBeUndefined()
	})
})

describe("slashCommandNameSchema", () => {
	it("accepts lowercase names with digits, dashes and underscores only", () => {
		expect(slashCommandNameSchema.safeParse("code-review_2").success).toBe(true)
		for (const name of ["", "Review", "re view", "-x", "a/b", "frontend:component", "x".repeat(65)])
			expect(slashCommandNameSchema.safeParse(name).success, name).toBe(false)
	})
})
