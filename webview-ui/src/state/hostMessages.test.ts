import { emptyExtensionState } from "@cairn/types"
import { describe, expect, it } from "vitest"
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
})
