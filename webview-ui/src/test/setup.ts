import type { WebviewMessage } from "@cairn/types"
import { cleanup, configure } from "@testing-library/react"
import { afterEach, beforeEach } from "vitest"
import { i18n } from "../i18n/i18n"
import { initialStoreState, useWebviewStore } from "../state/store"

// jsdom has no VS Code: the one thing the webview gets from the editor, acquireVsCodeApi, is
// replaced by a stub that records what the UI posts. Nothing else is mocked.
export const posted: WebviewMessage[] = []
/** What the page kept with VS Code's setState, as the editor keeps it while the page is hidden. */
export const pageState: { kept: unknown } = { kept: undefined }

globalThis.acquireVsCodeApi = () => ({
	postMessage: (message: unknown) => posted.push(message as WebviewMessage),
	getState: () => pageState.kept,
	setState: (state: unknown) => void (pageState.kept = state),
})

// findBy and waitFor give up after 1 s by default; a lazily loaded view's first transform takes
// longer than that on a busy CI machine. Waiting longer costs nothing when the UI is on time.
configure({ asyncUtilTimeout: 10_000 })

beforeEach(async () => {
	posted.length = 0
	pageState.kept = undefined
	// Components render in English unless a test switches language.
	await i18n.changeLanguage("en")
	useWebviewStore.setState(initialStoreState(), true)
})

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(cleanup)
