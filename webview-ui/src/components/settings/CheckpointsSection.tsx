import { useId } from "react"
import { updateSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { CheckboxField } from "./CheckboxField"
import { NumberField } from "./NumberField"

/** Saving the workspace's files as the agent works, so every change can be undone. */
export function CheckpointsSection() {
	const enabled = useWebviewStore((s) => s.settings.enableCheckpoints)
	const limit = useWebviewStore((s) => s.settings.checkpointFileSizeLimitMB)
	const titleId = useId()
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>Checkpoints</h2>
			<CheckboxField
				label="Enable checkpoints"
				description="Save the workspace's files at the start of a task and before each turn that can change them, in a repository of Cairn's own (never your .git), so you can view and undo every change."
				checked={enabled}
				onChange={(enableCheckpoints) => updateSetting({ enableCheckpoints })}
			/>
			<div className={["nested-fields", !enabled && "inactive"].filter(Boolean).join(" ")}>
				<NumberField
					label="Checkpoint file size limit (MB)"
					description="Larger files are not kept in checkpoints, and a restore never touches them."
					value={limit}
					min={0.1}
					max={1024}
					step={0.1}
					disabled={!enabled}
					onCommit={(checkpointFileSizeLimitMB) => updateSetting({ checkpointFileSizeLimitMB })}
				/>
			</div>
		</section>
	)
}
