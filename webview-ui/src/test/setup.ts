import type { WebviewMessage } from "@cairn/types"
import { cleanup } from "@testing-library/react"
import { afterEach, beforeEach } from "vitest"
import { initialStoreState, useWebviewStore } from "../state/store"

// jsdom has no VS Code: the one thing the webview gets from the editor, acquireVsCodeApi, is
// replaced by a stub that records what the UI posts. Nothing else is mocked.
export const posted: WebviewMessage[] = []

globalThis.acquireVsCodeApi = () => ({
	postMessage: (message: unknown) => posted.push(message as WebviewMessage),
	getState: () => undefined,
	setState: () => undefined,
})

beforeEach(() => {
	posted.length = 0
	useWebviewStore.setState(initialStoreState(), true)
})

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(cleanup)
