import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import {
	type AutoApprovalSettings,
	type AutoApprovalSwitch,
	type CairnSettings,
	autoApprovalSwitchOn,
	commandsAutoApproval,
} from "@cairn/types"
import "./switchers.css"
import { useId, useState } from "react"
import { updateTrustSetting } from "../../../state/settingsActions"
import { useWebviewStore } from "../../../state/store"
import { Icon } from "../../common/Icon"

/** The switches of everyday work, by the short name the bar shows; Settings has the rest and the limits. */
const barSwitches: readonly AutoApprovalSwitch[] = [
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
 * What the bar says is on: what is approved without asking, read from the same facts the
 * approval decision reads (so Commands with no allowed command says that every command asks).
 * "Auto-approval", not "Auto-approve": a button named after the ask's Approve would be found by
 * whoever looks for that one (a screen reader's search, a test).
 */
export function autoApprovalSummary(
	settings: Pick<CairnSettings, "autoApproval" | "allowedCommands">,
	t: TFunction<"chat">,
	language: string,
): string {
	const on = barSwitches
		.filter((key) => autoApprovalSwitchOn(settings.autoApproval, key))
		.map((key) =>
			key === "execute" && commandsAutoApproval(settings) === "noAllowedCommands"
				? t("approval.executeNoneAllowed")
				: t(`approval.${key}`),
		)
	if (on.length === 0) return t("approval.off")
	return t("approval.on", {
		list: new Intl.ListFormat(language, { style: "short", type: "unit" }).format(on),
	})
}

/**
 * Ticking a switch while the master switch is off means the person wants it to work: the
 * master switch comes on with it, so the summary and the approvals follow the tick.
 */
function switchPatch(
	approval: AutoApprovalSettings,
	key: AutoApprovalSwitch,
	checked: boolean,
): Partial<AutoApprovalSettings> {
	return checked && !approval.enabled ? { enabled: true, [key]: true } : { [key]: checked }
}

/**
 * Above the chat box: what Cairn does without asking, at a glance; opened, each switch is
 * toggled in place (the same settings change the Settings view sends).
 */
export function AutoApprovalBar() {
	const { t, i18n } = useTranslation("chat")
	const approval = useWebviewStore((s) => s.settings.autoApproval)
	const allowedCommands = useWebviewStore((s) => s.settings.allowedCommands)
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
				<span>
					{autoApprovalSummary({ autoApproval: approval, allowedCommands }, t, i18n.language)}
				</span>
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
								onChange={(event) => change(switchPatch(approval, key, event.target.checked))}
							/>
							{t(`approval.${key}`)}
						</label>
					))}
				</div>
			)}
		</div>
	)
}
