import { describe, expect, it } from "vitest"
import { lowestFreeIndex, worktreeEnvironment } from "./portIndex.js"

describe("a worktree's port index", () => {
	it("is the lowest index from 1 that no other worktree holds", () => {
		expect(lowestFreeIndex([])).toBe(1)
		expect(lowestFreeIndex([1, 2, 4])).toBe(3)
		expect(lowestFreeIndex([2, 3])).toBe(1)
	})

	it("offsets PORT from the environment's, or from 3000 when it has none that is a port", () => {
		expect(worktreeEnvironment(2, {})).toEqual({ CAIRN_WORKTREE_INDEX: "2", PORT: "3002" })
		expect(worktreeEnvironment(2, { PORT: "5173" })).toEqual({ CAIRN_WORKTREE_INDEX: "2", PORT: "5175" })
		expect(worktreeEnvironment(1, { PORT: "http" })).toEqual({ CAIRN_WORKTREE_INDEX: "1", PORT: "3001" })
	})
})
