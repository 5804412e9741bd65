import { showView } from "../../state/chatActions"
import { rememberModelForMode, switchMode } from "../../state/modeActions"
import { useWebviewStore } from "../../state/store"
import { IconButton } from "../common/IconButton"

const sourceSuffix = { builtin: "", global: " (yours)", project: " (project)" } as const

/**
 * The chat box's mode picker: every mode, the workspace's and the person's marked as such, with
 * when to use the current one as its tooltip; and whether the mode remembers the current profile.
 */
export function ModePicker() {
	const slug = useWebviewStore((s) => s.mode)
	const modes = useWebviewStore((s) => s.modes.modes)
	const problems = useWebviewStore((s) => s.modes.problems.length)
	const provider = useWebviewStore((s) => s.settings.provider)
	const currentProfile = useWebviewStore((s) => s.settings.currentProfileId)
	const remembered = useWebviewStore((s) => s.settings.modeProfiles[slug])
	const current = modes.find((mode) => mode.slug === slug)
	const name = current?.name ?? slug
	const remembersCurrent = remembered !== undefined && remembered === currentProfile
	const rememberLabel = remembersCurrent
		? `Forget the model remembered for ${name} mode`
		: `Remember this model${provider ? ` (${provider.modelId})` : ""} for ${name} mode`
	return (
		<span className="chat-mode-picker">
			<select
				className="chat-mode"
				aria-label="Mode"
				title={current?.whenToUse ?? "The mode the task runs in"}
				value={slug}
				onChange={(event) => switchMode(event.target.value)}
			>
				{current === undefined && <option value={slug}>{slug}</option>}
				{modes.map((mode) => (
					<option key={mode.slug} value={mode.slug} title={mode.whenToUse}>
						{mode.name}
						{sourceSuffix[mode.source]}
					</option>
				))}
			</select>
			<IconButton
				icon={remembersCurrent ? "pinned" : "pin"}
				label={rememberLabel}
				aria-pressed={remembersCurrent}
				disabled={currentProfile === undefined}
				onClick={() => rememberModelForMode(slug, !remembersCurrent)}
			/>
			{problems > 0 && (
				<IconButton
					icon="warning"
					label={
						problems === 1
							? "A problem in the modes files left a mode out; show it"
							: `${problems} problems in the modes files left modes out; show them`
					}
					onClick={() => showView("modes")}
				/>
			)}
		</span>
	)
}
