import { useTranslation } from "react-i18next"
import { formatTokens } from "../../util/format"

/** How full the model's context window was on the latest request. */
export function ContextWindowBar({ used, window }: { used: number; window: number }) {
	const { t, i18n } = useTranslation("chat")
	const percent = Math.min(100, Math.round((used / window) * 100))
	const label = t("context.usage", {
		used: formatTokens(used),
		window: formatTokens(window),
		percent: new Intl.NumberFormat(i18n.language, { style: "percent" }).format(percent / 100),
	})
	const level = percent >= 90 ? "high" : percent >= 70 ? "medium" : "low"
	return (
		<div className="context-window" title={label}>
			<span className="context-window-label">{formatTokens(used)}</span>
			<div
				className="context-window-track"
				role="meter"
				aria-label={t("context.label")}
				aria-valuemin={0}
				aria-valuemax={window}
				aria-valuenow={Math.min(used, window)}
				aria-valuetext={label}
			>
				<div className={`context-window-fill ${level}`} style={{ width: `${percent}%` }} />
			</div>
			<span className="context-window-label">{formatTokens(window)}</span>
		</div>
	)
}
