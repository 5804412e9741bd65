import { useEffect } from "react"
import { WelcomeView } from "./components/WelcomeView"
import { listenToHost } from "./state/hostMessages"
import { useWebviewStore } from "./state/store"
import { postToHost } from "./vscode"

export function App() {
	const extensionState = useWebviewStore((store) => store.extensionState)
	const lastError = useWebviewStore((store) => store.lastError)

	useEffect(() => {
		// Listen before announcing ourselves so the host's answer cannot be missed.
		const stopListening = listenToHost()
		postToHost({ type: "webviewDidLaunch" })
		return stopListening
	}, [])

	return <WelcomeView version={extensionState?.version} error={lastError?.error} />
}
