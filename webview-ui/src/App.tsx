import { lazy, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { ChatView } from "./components/chat/ChatView"
import { Notice } from "./components/common/Notice"
import { Spinner } from "./components/common/Spinner"
import { Navigation } from "./components/nav/Navigation"
import { WelcomeView } from "./components/welcome/WelcomeView"
import { useHostLanguage } from "./i18n/useHostLanguage"
import { useWebviewStore } from "./state/store"

// The first screen is the chat or the first-run setup; every other view is a chunk of its own,
// fetched when the person opens it, so the webview parses less before it can show anything.
const HistoryView = lazy(() =>
	import("./components/history/HistoryView").then((m) => ({ default: m.HistoryView })),
)
const SettingsView = lazy(() =>
	import("./components/settings/SettingsView").then((m) => ({ default: m.SettingsView })),
)
const BoardView = lazy(() => import("./components/board/BoardView").then((m) => ({ default: m.BoardView })))
const McpView = lazy(() => import("./components/mcp/McpView").then((m) => ({ default: m.McpView })))
const ModesView = lazy(() => import("./components/modes/ModesView").then((m) => ({ default: m.ModesView })))

function CurrentView() {
	const view = useWebviewStore((s) => s.view)
	const version = useWebviewStore((s) => s.version)
	// First run: no model configured and nothing to show, so setting one up comes first.
	const firstRun = useWebviewStore((s) => s.settings.provider === undefined && s.messages.length === 0)
	if (version === undefined) return <WelcomeView />
	switch (view) {
		case "board":
			return <BoardView />
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
	useHostLanguage()
	const { t } = useTranslation("app")

	return (
		<div className="app">
			{connected && <Navigation />}
			<Notice />
			<Suspense fallback={<Spinner label={t("loadingView")} />}>
				<CurrentView />
			</Suspense>
		</div>
	)
}
