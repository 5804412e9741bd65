import { describe, expect, it } from "vitest"
import { changedFilesSection } from "./changedFilesSection.js"

describe("the environment details' section on changed files", () => {
	it("is left out when nothing changed", () => {
		expect(changedFilesSection([])).toBeUndefined()
	})

	it("lists the paths in order, says which were deleted, and says to read them again", () => {
		const section = changedFilesSection([
			{ path: "src/b.ts", kind: "changed" },
			{ path: "old.txt", kind: "deleted" },
			{ path: "src/a.ts", kind: "changed" },
		])
		const lines = section?.split("\n") ?? []
		expect(lines[0]).toBe("# Files changed since you read them")
		expect(lines[1]).toMatch(/Read a changed file again before you edit it/)
		expect(lines.slice(2)).toEqual(["old.txt (deleted)", "src/a.ts (changed)", "src/b.ts (changed)"])
	})
})
