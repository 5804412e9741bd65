// Base styles first, so each component's own stylesheet (imported with it) can override them.
import "@vscode/codicons/dist/codicon.css"
import "./index.css"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App"

const container = document.getElementById("root")
if (container === null) throw new Error("the host page has no #root element")

createRoot(container).render(
	<StrictMode>
		<App />
	</StrictMode>,
)
