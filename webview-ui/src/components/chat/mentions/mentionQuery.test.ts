import { describe, expect, it } from "vitest"
import { replaceTypedMention, typedMentionAt } from "./mentionQuery"

describe("typedMentionAt", () => {
	it("finds the mention the caret is in", () => {
		expect(typedMentionAt("fix @src/a", 10)).toEqual({ start: 4, query: "src/a" })
		expect(typedMentionAt("@", 1)).toEqual({ start: 0, query: "" })
		expect(typedMentionAt("(@/my\\ no", 9)).toEqual({ start: 1, query: "/my\\ no" })
	})

	it("finds none in an e-mail address, after a space, or before the caret's word", () => {
		expect(typedMentionAt("me@example", 10)).toBeUndefined()
		expect(typedMentionAt("@src/a.ts ", 10)).toBeUndefined()
		expect(typedMentionAt("@src then", 9)).toBeUndefined()
	})
})

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
