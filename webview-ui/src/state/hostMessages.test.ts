import { emptyExtensionState } from "@cairn/types"
import { describe, expect, it, vi } from "vitest"
import { postWindowMessage } from "../test/fixtures"
import { posted } from "../test/setup"
import { connectToHost } from "./hostMessages"
import { useWebviewStore } from "./store"

describe("connectToHost", () => {
	it("announces the webview to the host, and what the host answers reaches the store", () => {
		const disconnect = connectToHost()
		expect(posted).toEqual([{ type: "webviewDidLaunch" }])
		postWindowMessage({ type: "state", state: emptyExtensionState("9.8.7") })
		expect(useWebviewStore.getState().version).toBe("9.8.7")
		disconnect()
	})

	it("leaves out window messages that are not the host's, and stops listening when disconnected", () => {
		const disconnect = connectToHost()
		postWindowMessage("not a message of ours")
		postWindowMessage({ command: "the editor's own" })
		expect(useWebviewStore.getState().version).toBeUndefined()
		disconnect()
		postWindowMessage({ type: "state", state: emptyExtensionState("9.8.7") })
		expect(useWebviewStore.getState().version).toBeUndefined()
	})

	it("names a host message it cannot apply, instead of throwing, and asks for the whole state again", () => {
		const reported = vi.spyOn(console, "error").mockImplementation(() => undefined)
		const disconnect = connectToHost()
		posted.length = 0
		postWindowMessage({ type: "state", state: null })
		expect(reported).toHaveBeenCalledWith(
			'Cairn could not apply the host\'s "state" message:',
			expect.any(TypeError),
		)
		expect(posted).toEqual([{ type: "requestState" }])
		expect(useWebviewStore.getState().awaitingState).toBe(true)
		// The state it asked for is applied as usual.
		postWindowMessage({ type: "state", state: emptyExtensionState("9.8.7") })
		expect(useWebviewStore.getState()).toMatchObject({ version: "9.8.7", awaitingState: false })
		disconnect()
		reported.mockRestore()
	})
})
