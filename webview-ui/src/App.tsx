import { useEffect } from "react"
import { ChatView } from "./components/chat/ChatView"
import { Notice } from "./components/common/Notice"
import { HistoryView } from "./components/history/HistoryView"
import { McpView } from "./components/mcp/McpView"
import { ModesView } from "./components/modes/ModesView"
import { Navigation } from "./components/nav/Navigation"
import { SettingsView } from "./components/settings/SettingsView"
import { WelcomeView } from "./components/welcome/WelcomeView"
import { listenToHost } from "./state/hostMessages"
import { useWebviewStore } from "./state/store"
import { postToHost } from "./vscode"

function CurrentView() {
	const view = useWebviewStore((s) => s.view)
	const version = useWebviewStore((s) => s.version)
	// First run: no model configured and nothing to show, so setting one up comes first.
	const firstRun = useWebviewStore((s) => s.settings.provider === undefined && s.messages.length === 0)
	if (version === undefined) return <WelcomeView />
	switch (view) {
		case "history":
			return <HistoryView />
		case "settings":
			return <SettingsView />
		case "mcp":
			return <McpView />
		case "modes":
			return <ModesView />
		case "chat":
			return firstRun ? <WelcomeView version={version} /> : <ChatView />
	}
}

export function App() {
	const connected = useWebviewStore((s) => s.version !== undefined)

	useEffect(() => {
		// Listen before announcing ourselves so the host's answer cannot be missed.
		const stopListening = listenToHost()
		postToHost({ type: "webviewDidLaunch" })
		return stopListening
	}, [])

	return (
		<div className="app">
			{connected && <Navigation />}
			<Notice />
			<CurrentView />
		</div>
	)
}
