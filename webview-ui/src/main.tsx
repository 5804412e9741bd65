// Base styles first, so each component's own stylesheet (imported with it) can override them.
import "@vscode/codicons/dist/codicon.css"
import "./index.css"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App"
import { showLanguage, uiLanguageOf } from "./i18n/showLanguage"
import { showView } from "./state/chatActions"
import { connectToHost } from "./state/hostMessages"

const container = document.getElementById("root")
if (container === null) throw new Error("the host page has no #root element")

// The host opens the task board's view and tab on the board; every other Cairn view on the chat.
if (container.dataset.view === "board") showView("board")

// Before anything renders: the host's state is on its way while the first screen is drawn.
connectToHost()

// The host writes the person's language into the page, so the first paint is already in it.
// A translation that fails to load leaves the text in English rather than the view blank.
showLanguage(uiLanguageOf(document.documentElement.lang))
	.catch((error: unknown) => console.error("Cairn could not load its translation:", error))
	.finally(() =>
		createRoot(container).render(
			<StrictMode>
				<App />
			</StrictMode>,
		),
	)
