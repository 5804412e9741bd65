import type { HistoryItem, TaskCard } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { resolveTaskRef } from "./taskRef.js"

const card = (taskId: string) => ({ taskId }) as TaskCard
const item = (id: string) => ({ id }) as HistoryItem
const cards = [card("aaa111"), card("aab222"), card("bcd333")]
const history = [item("aaa111"), item("aab222"), item("bcd333"), item("ffe999")]

describe("a task named on the command line", () => {
	it("is its number in `cairn tasks`, its id, or the start of exactly one id", () => {
		expect(resolveTaskRef("2", cards, history)).toBe("aab222")
		expect(resolveTaskRef("bcd333", cards, history)).toBe("bcd333")
		expect(resolveTaskRef("aab", cards, history)).toBe("aab222")
		// An older task no longer on the board is still found by its id.
		expect(resolveTaskRef("ffe", cards, history)).toBe("ffe999")
	})

	it("is a usage error when it names none or several", () => {
		expect(() => resolveTaskRef("4", cards, history)).toThrow("there is no task number 4")
		expect(() => resolveTaskRef("zz", cards, history)).toThrow("no task of this workspace has the id zz")
		expect(() => resolveTaskRef("aa", cards, history)).toThrow('"aa" starts the ids of 2 tasks')
	})
})
