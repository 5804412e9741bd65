import { showView } from "../../state/chatActions"
import { useWebviewStore, type View } from "../../state/store"
import { Icon } from "../common/Icon"

const views: { view: View; label: string; icon: string }[] = [
	{ view: "chat", label: "Chat", icon: "comment-discussion" },
	{ view: "history", label: "History", icon: "history" },
	{ view: "modes", label: "Modes", icon: "symbol-enum" },
	{ view: "mcp", label: "MCP", icon: "server" },
	{ view: "settings", label: "Settings", icon: "settings-gear" },
]

export function Navigation() {
	const current = useWebviewStore((s) => s.view)
	return (
		<nav className="navigation" aria-label="Views">
			{views.map(({ view, label, icon }) => (
				<button
					key={view}
					type="button"
					className="nav-button"
					title={label}
					aria-current={view === current ? "page" : undefined}
					onClick={() => showView(view)}
				>
					<Icon name={icon} />
					<span className="nav-label">{label}</span>
				</button>
			))}
		</nav>
	)
}
