import type { AutoApprovalSettings } from "@cairn/types"
import { useId } from "react"
import { updateSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { CheckboxField } from "./CheckboxField"
import { NumberField } from "./NumberField"

type Switch = {
	[K in keyof AutoApprovalSettings]-?: AutoApprovalSettings[K] extends boolean ? K : never
}[keyof AutoApprovalSettings]

const switches: { key: Exclude<Switch, "enabled">; label: string; description: string }[] = [
	{ key: "readOnly", label: "Read files", description: "Read, list and search files in the workspace." },
	{
		key: "readOnlyOutsideWorkspace",
		label: "Read outside the workspace",
		description: "Also read files outside the workspace folder.",
	},
	{ key: "write", label: "Edit files", description: "Create and edit files in the workspace." },
	{
		key: "writeOutsideWorkspace",
		label: "Edit outside the workspace",
		description: "Also edit files outside the workspace folder.",
	},
	{
		key: "writeProtected",
		label: "Edit protected files",
		description: "Also edit configuration such as .cairnignore, .vscode/ and AGENTS.md.",
	},
	{
		key: "execute",
		label: "Run allowed commands",
		description: "Commands whose every part starts with an allowed prefix and none with a denied one.",
	},
	{ key: "mcp", label: "Use MCP tools", description: "Call tools and read resources of MCP servers." },
	{
		key: "browser",
		label: "Open the browser",
		description:
			"Launch the headless browser at a page (browser_action); its clicks and typing never ask.",
	},
	{
		key: "alwaysAllowModeSwitch",
		label: "Switch modes",
		description: "Change the task's mode (switch_mode); the new mode's tools and limits apply.",
	},
	{
		key: "alwaysAllowSubtasks",
		label: "Start subtasks",
		description:
			"Delegate work to a subtask in another mode (new_task); its own calls still ask as set here.",
	},
	{
		key: "followup",
		label: "Answer questions",
		description: "Take a question's first suggested answer when nobody answers in time.",
	},
]

const cannotUnset = "A limit cannot be removed here yet; set a higher one instead."

/** What Cairn may do without asking, and the limits after which it asks anyway. */
export function AutoApprovalSection() {
	const approval = useWebviewStore((s) => s.settings.autoApproval)
	const titleId = useId()
	const change = (patch: Partial<AutoApprovalSettings>) => updateSetting({ autoApproval: patch })
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>Auto-approve</h2>
			<CheckboxField
				label="Auto-approve"
				description="Let Cairn go ahead without asking for the actions checked below."
				checked={approval.enabled}
				onChange={(enabled) => change({ enabled })}
			/>
			<div className={["nested-fields", !approval.enabled && "inactive"].filter(Boolean).join(" ")}>
				{switches.map(({ key, label, description }) => (
					<CheckboxField
						key={key}
						label={label}
						description={description}
						checked={approval[key]}
						onChange={(value) => change({ [key]: value })}
					/>
				))}
				<NumberField
					label="Question timeout (seconds)"
					description="How long a question waits before its first suggestion is taken."
					value={approval.followupTimeoutMs / 1000}
					min={1}
					integer
					onCommit={(seconds) => change({ followupTimeoutMs: seconds * 1000 })}
				/>
				<NumberField
					label="Max auto-approved requests per task"
					description={approval.maxRequests === undefined ? "Empty: no limit." : cannotUnset}
					value={approval.maxRequests}
					placeholder="No limit"
					min={1}
					integer
					onCommit={(maxRequests) => change({ maxRequests })}
				/>
				<NumberField
					label="Max auto-approved cost per task ($)"
					description={approval.maxCost === undefined ? "Empty: no limit." : cannotUnset}
					value={approval.maxCost}
					placeholder="No limit"
					min={0.01}
					step={0.01}
					onCommit={(maxCost) => change({ maxCost })}
				/>
			</div>
		</section>
	)
}
