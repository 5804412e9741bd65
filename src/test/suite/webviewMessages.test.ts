import * as assert from "node:assert/strict"
import { emptyExtensionState } from "@cairn/types"
import { handleWebviewMessage, type WebviewMessageContext } from "../../webview/handleWebviewMessage"

function context(warnings: string[] = []): WebviewMessageContext {
	return {
		snapshot: () => emptyExtensionState("1.2.3"),
		themeKind: () => "dark",
		logWarning: (message) => warnings.push(message),
	}
}

suite("webview messages", () => {
	test("webviewDidLaunch is answered with a state snapshot and the theme", () => {
		const replies = handleWebviewMessage({ type: "webviewDidLaunch" }, context())
		assert.deepEqual(
			replies.map((reply) => reply.type),
			["state", "theme"],
		)
		const [state] = replies
		assert.ok(state?.type === "state")
		assert.equal(state.state.version, "1.2.3")
		assert.deepEqual(state.state.clineMessages, [])
	})

	test("an invalid message is logged and answered with an error", () => {
		const warnings: string[] = []
		const replies = handleWebviewMessage({ type: "newTask", text: 42 }, context(warnings))
		assert.equal(replies.length, 1)
		const [reply] = replies
		assert.ok(reply?.type === "error")
		assert.equal(reply.code, "invalid_message")
		assert.equal(reply.inReplyTo, "newTask")
		assert.equal(warnings.length, 1)
	})

	test("input that is not a message at all does not throw", () => {
		for (const input of [undefined, null, "webviewDidLaunch", 7, [], { type: "noSuchType" }]) {
			const replies = handleWebviewMessage(input, context())
			assert.equal(replies[0]?.type, "error")
		}
	})
})
