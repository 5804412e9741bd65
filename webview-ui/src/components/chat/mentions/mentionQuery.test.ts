import { describe, expect, it } from "vitest"
import { replaceTypedMention } from "./mentionQuery"

describe("replaceTypedMention", () => {
	it("puts the mention in place of what was typed, the caret after it", () => {
		expect(replaceTypedMention("fix @a and", { start: 4, query: "a" }, 6, "@/src/a.ts ")).toEqual({
			text: "fix @/src/a.ts and",
			caret: 15,
		})
		expect(replaceTypedMention("fix @a", { start: 4, query: "a" }, 6, "@/src/a.ts ")).toEqual({
			text: "fix @/src/a.ts ",
			caret: 15,
		})
	})
})
