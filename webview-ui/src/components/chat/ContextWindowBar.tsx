import { useTranslation } from "react-i18next"
import { formatTokens } from "../../util/format"

/**
 * How full the model's context window was on the latest request: the share in use as a fill
 * and a percentage, and the room kept free for the model's answer at the bar's end. Hovering
 * says all three figures in words.
 */
export function ContextWindowBar({
	used,
	window,
	reserved,
}: {
	used: number
	window: number
	reserved?: number
}) {
	const { t, i18n } = useTranslation("chat")
	const percent = Math.min(100, Math.round((used / window) * 100))
	const shownPercent = new Intl.NumberFormat(i18n.language, { style: "percent" }).format(percent / 100)
	const label = t("context.usage", {
		used: formatTokens(used),
		window: formatTokens(window),
		percent: shownPercent,
	})
	const tooltip =
		reserved === undefined
			? label
			: `${label}\n${t("context.reserved", { reserved: formatTokens(reserved) })}`
	const reservedPercent = reserved === undefined ? 0 : Math.min(100 - percent, (reserved / window) * 100)
	const level = percent >= 90 ? "high" : percent >= 70 ? "medium" : "low"
	return (
		<div className="context-window" title={tooltip}>
			<span className="context-window-label">{formatTokens(used)}</span>
			<div
				className="context-window-track"
				role="meter"
				aria-label={t("context.label")}
				aria-valuemin={0}
				aria-valuemax={window}
				aria-valuenow={Math.min(used, window)}
				aria-valuetext={tooltip}
			>
				<div className={`context-window-fill ${level}`} style={{ width: `${percent}%` }} />
				{reservedPercent > 0 && (
					<div className="context-window-reserved" style={{ width: `${reservedPercent}%` }} />
				)}
			</div>
			<span className="context-window-label">{formatTokens(window)}</span>
			<span className="context-window-percent">{shownPercent}</span>
		</div>
	)
}
