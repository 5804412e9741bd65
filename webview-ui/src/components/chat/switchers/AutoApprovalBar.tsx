import type { AutoApprovalSettings } from "@cairn/types"
import "./switchers.css"
import { useId, useState } from "react"
import { updateSetting } from "../../../state/settingsActions"
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
const barSwitches: { key: BarSwitch; label: string }[] = [
	{ key: "readOnly", label: "Read" },
	{ key: "write", label: "Write" },
	{ key: "execute", label: "Commands" },
	{ key: "mcp", label: "MCP" },
	{ key: "browser", label: "Browser" },
	{ key: "followup", label: "Questions" },
	{ key: "alwaysAllowModeSwitch", label: "Mode switches" },
	{ key: "alwaysAllowSubtasks", label: "Subtasks" },
]

/**
 * What the bar says is on: the switches that take effect (none while the master switch is off).
 * "Auto-approval", not "Auto-approve": a button named after the ask's Approve would be found by
 * whoever looks for that one (a screen reader's search, a test).
 */
export function autoApprovalSummary(approval: AutoApprovalSettings): string {
	const on = approval.enabled
		? barSwitches.filter(({ key }) => approval[key]).map(({ label }) => label)
		: []
	return on.length === 0 ? "Auto-approval: off" : `Auto-approval: ${on.join(", ")}`
}

/**
 * Above the chat box: what Cairn does without asking, at a glance; opened, each switch is
 * toggled in place (the same settings change the Settings view sends).
 */
export function AutoApprovalBar() {
	const approval = useWebviewStore((s) => s.settings.autoApproval)
	const [open, setOpen] = useState(false)
	const panelId = useId()
	const change = (patch: Partial<AutoApprovalSettings>) => updateSetting({ autoApproval: patch })
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
				<span>{autoApprovalSummary(approval)}</span>
			</button>
			{open && (
				<div id={panelId} className="auto-approval-switches" role="group" aria-label="Auto-approve">
					<label>
						<input
							type="checkbox"
							checked={approval.enabled}
							onChange={(event) => change({ enabled: event.target.checked })}
						/>
						Auto-approve
					</label>
					{barSwitches.map(({ key, label }) => (
						<label key={key} className={approval.enabled ? undefined : "inactive"}>
							<input
								type="checkbox"
								checked={approval[key]}
								onChange={(event) => change({ [key]: event.target.checked })}
							/>
							{label}
						</label>
					))}
				</div>
			)}
		</div>
	)
}
