import { describe, expect, it } from "vitest"
import { firstFreeName, nameFromTask, nameProblem } from "./worktreeNames.js"

describe("worktree names", () => {
	it("are made from the task id, and refuse anything a path, a ref or an option could read otherwise", () => {
		expect(nameFromTask("5b7c1e2a-0d4f-4f5e-9a1b-2c3d4e5f6a7b")).toBe("task-5b7c1e2a")
		expect(nameFromTask("___")).toBe("task")
		expect(nameProblem("fix-login_2")).toBeUndefined()
		for (const bad of ["", "-x", "../x", "a/b", "a b", "x.lock", "a".repeat(64)])
			expect(nameProblem(bad)).toBeDefined()
	})

	it("take the first free suffix, shortening a long name to keep within the limit", async () => {
		const taken = new Set(["x", "x-2"])
		expect(await firstFreeName("x", async (name) => taken.has(name))).toBe("x-3")
		const long = "a".repeat(63)
		const free = await firstFreeName(long, async (name) => name === long)
		expect(free).toBe(`${"a".repeat(61)}-2`)
		expect(nameProblem(free)).toBeUndefined()
	})
})
