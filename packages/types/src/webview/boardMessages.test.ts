import { describe, expect, it } from "vitest"
import { parseWebviewMessage } from "./webviewMessage.js"

describe("board messages", () => {
	it("refuses a base that git would read as an option or a range", () => {
		for (const base of ["--upload-pack=touch /tmp/x", "-b", "main..evil", "a b", "$(id)"]) {
			const parsed = parseWebviewMessage({
				type: "startBoardTask",
				text: "t",
				place: { kind: "worktree", base },
			})
			expect(parsed.success, base).toBe(false)
		}
	})

	it("accepts the names people give branches and commits", () => {
		for (const base of ["main", "origin/main", "release/1.2", "HEAD~2", "a1b2c3d", "v1.0^"]) {
			const parsed = parseWebviewMessage({
				type: "startBoardTask",
				text: "t",
				place: { kind: "worktree", base },
			})
			expect(parsed.success, base).toBe(true)
		}
	})

	it("refuses a worktree name that is not one safe path segment", () => {
		for (const name of ["../x", ".hidden", "a/b", "", "-x", "x".repeat(65)]) {
			const parsed = parseWebviewMessage({
				type: "startBoardTask",
				text: "t",
				place: { kind: "worktree", name },
			})
			expect(parsed.success, name).toBe(false)
		}
	})

	it("runs best of N over two to four profiles only", () => {
		const start = (profileIds: string[]) =>
			parseWebviewMessage({ type: "startBoardTask", text: "t", place: { kind: "inPlace" }, profileIds })
				.success
		expect(start(["a"])).toBe(false)
		expect(start(["a", "b"])).toBe(true)
		expect(start(["a", "b", "c", "d", "e"])).toBe(false)
	})
})
