import { describe, expect, it } from "vitest"
import type { ApiMessage, UserMessage } from "./apiMessage.js"
import { SeenHistory } from "./seenHistory.js"

const user = (text: string): UserMessage => ({ role: "user", content: [{ type: "text", text }] })
const answer = (text: string): ApiMessage => ({ role: "assistant", content: [{ type: "text", text }] })
const textOf = (message: ApiMessage): string =>
	message.content.map((block) => ("text" in block ? block.text : "")).join("+")

/** A fold that joins the messages' texts, recording which messages it was called for. */
function joining(seen: SeenHistory<string>, history: readonly ApiMessage[]) {
	const folded: string[] = []
	const value = seen.fold(history, (message, before) => {
		folded.push(textOf(message))
		return before === undefined ? textOf(message) : `${before}|${textOf(message)}`
	})
	return { value, folded }
}

describe("SeenHistory", () => {
	it("folds only the messages added since the history was last walked", () => {
		const seen = new SeenHistory<string>()
		const history: ApiMessage[] = [user("a"), answer("b")]
		expect(joining(seen, history)).toEqual({ value: "a|b", folded: ["a", "b"] })
		history.push(user("c"))
		expect(joining(seen, history)).toEqual({ value: "a|b|c", folded: ["c"] })
		expect(joining(seen, history)).toEqual({ value: "a|b|c", folded: [] })
	})

	it("folds again from a message that gained blocks, or lost its last ones and gained others, in place", () => {
		const seen = new SeenHistory<string>()
		const last = user("c")
		const history: ApiMessage[] = [user("a"), answer("b"), last]
		joining(seen, history)
		last.content.push({ type: "text", text: "d" })
		expect(joining(seen, history)).toEqual({ value: "a|b|c+d", folded: ["c+d"] })
		last.content.splice(1)
		last.content.push({ type: "text", text: "e" })
		expect(joining(seen, history)).toEqual({ value: "a|b|c+e", folded: ["c+e"] })
	})

	it("folds again from the first message that is not the one seen at its place, and follows a shorter history", () => {
		const seen = new SeenHistory<string>()
		const a = user("a")
		joining(seen, [a, answer("b"), user("c")])
		expect(joining(seen, [a, answer("x"), user("y")])).toEqual({ value: "a|x|y", folded: ["x", "y"] })
		expect(joining(seen, [a])).toEqual({ value: "a", folded: [] })
		expect(joining(seen, [])).toEqual({ value: undefined, folded: [] })
		expect(joining(seen, [user("z")])).toEqual({ value: "z", folded: ["z"] })
	})
})
