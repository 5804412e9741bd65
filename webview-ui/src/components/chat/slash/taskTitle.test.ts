import { describe, expect, it } from "vitest"
import { taskTitle } from "./taskTitle"

const expanded = '<command name="review" source=".cairn/commands/review.md">\nReview src.\n</command>'

describe("taskTitle", () => {
	it("is the first message's text, else the history's title", () => {
		expect(taskTitle("Add a README", "Add a README")).toBe("Add a README")
		expect(taskTitle(undefined, "Stored task")).toBe("Stored task")
		expect(taskTitle(undefined, undefined)).toBe("")
	})

	it("for a task started with a custom command, is the command as typed", () => {
		expect(taskTitle(expanded, "/review src")).toBe("/review src")
		expect(taskTitle(`${expanded}\nand tests`, undefined)).toBe("/review and tests")
	})
})
