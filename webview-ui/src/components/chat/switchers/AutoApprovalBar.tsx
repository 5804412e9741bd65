import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import type { AutoApprovalSettings } from "@cairn/types"
import "./switchers.css"
import { useId, useState } from "react"
import { updateTrustSetting } from "../../../state/settingsActions"
import { useWebviewStore } from "../../../state/store"
import { Icon } from "../../common/Icon"

type BarSwitch =
	| "readOnly"
	| "write"
	| "execute"
	| "mcp"
	| "browser"
	| "followup"
	| "alwaysAllowModeSwitch"
	| "alwaysAllowSubtasks"

/** The switches of everyday work, by the short name the bar shows; Settings has the rest and the limits. */
const barSwitches: readonly BarSwitch[] = [
	"readOnly",
	"write",
	"execute",
	"mcp",
	"browser",
	"followup",
	"alwaysAllowModeSwitch",
	"alwaysAllowSubtasks",
]

/**
 * What the bar says is on: the switches that take effect (none while the master switch is off).
 * "Auto-approval", not "Auto-approve": a button named after the ask's Approve would be found by
 * whoever looks for that one (a screen reader's search, a test).
 */
export function autoApprovalSummary(
	approval: AutoApprovalSettings,
	t: TFunction<"chat">,
	language: string,
): string {
	const on = approval.enabled
		? barSwitches.filter((key) => approval[key]).map((key) => t(`approval.${key}`))
		: []
	if (on.length === 0) return t("approval.off")
	return t("approval.on", {
		list: new Intl.ListFormat(language, { style: "short", type: "unit" }).format(on),
	})
}

/**
 * Above the chat box: what Cairn does without asking, at a glance; opened, each switch is
 * toggled in place (the same settings change the Settings view sends).
 */
export function AutoApprovalBar() {
	const { t, i18n } = useTranslation("chat")
	const approval = useWebviewStore((s) => s.settings.autoApproval)
	const [open, setOpen] = useState(false)
	const panelId = useId()
	const change = (patch: Partial<AutoApprovalSettings>) => updateTrustSetting({ autoApproval: patch })
	return (
		<div className="auto-approval-bar">
			<button
				type="button"
				className="auto-approval-summary"
				aria-expanded={open}
				aria-controls={panelId}
				onClick={() => setOpen(!open)}
			>
				<Icon name={open ? "chevron-down" : "chevron-right"} />
				<span>{autoApprovalSummary(approval, t, i18n.language)}</span>
			</button>
			{open && (
				<div
					id={panelId}
					className="auto-approval-switches"
					role="group"
					aria-label={t("approval.group")}
				>
					<label>
						<input
							type="checkbox"
							checked={approval.enabled}
							onChange={(event) => change({ enabled: event.target.checked })}
						/>
						{t("approval.enabled")}
					</label>
					{barSwitches.map((key) => (
						<label key={key} className={approval.enabled ? undefined : "inactive"}>
							<input
								type="checkbox"
								checked={approval[key]}
								onChange={(event) => change({ [key]: event.target.checked })}
							/>
							{t(`approval.${key}`)}
						</label>
					))}
				</div>
			)}
		</div>
	)
}
