import { useTranslation } from "react-i18next"
import { showView } from "../../state/chatActions"
import { useWebviewStore, type View } from "../../state/store"
import { Icon } from "../common/Icon"

const views = [
	{ view: "chat", icon: "comment-discussion" },
	{ view: "board", icon: "project" },
	{ view: "history", icon: "history" },
	{ view: "modes", icon: "symbol-enum" },
	{ view: "mcp", icon: "server" },
	{ view: "settings", icon: "settings-gear" },
] as const satisfies readonly { view: View; icon: string }[]

export function Navigation() {
	const { t } = useTranslation("nav")
	const current = useWebviewStore((s) => s.view)
	return (
		<nav className="navigation" aria-label={t("views")}>
			{views.map(({ view, icon }) => {
				const label = t(view)
				return (
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
				)
			})}
		</nav>
	)
}
