import type { ModeView } from "@cairn/types"
import { useState } from "react"
import { deleteCustomMode, exportMode, switchMode } from "../../state/modeActions"
import { useWebviewStore } from "../../state/store"
import { ConfirmChoices } from "../common/ConfirmChoices"
import { IconButton } from "../common/IconButton"

const replaced = {
	builtin: "the built-in mode",
	global: "your mode",
	project: "the workspace's mode",
} as const

function groupsText(mode: ModeView): string {
	if (mode.groups.length === 0) return "no tools but questions and completion"
	return mode.groups
		.map((entry) =>
			entry.restriction ? `${entry.group} (only ${entry.restriction.description})` : entry.group,
		)
		.join(", ")
}

/** One mode: what it is for, its tools, where it comes from, and what can be done with it. */
export function ModeCard({ mode, onEdit }: { mode: ModeView; onEdit: () => void }) {
	const current = useWebviewStore((s) => s.mode === mode.slug)
	const remembered = useWebviewStore((s) =>
		s.settings.profiles.find((profile) => profile.id === s.settings.modeProfiles[mode.slug]),
	)
	const [confirmingDelete, setConfirmingDelete] = useState(false)
	const source = mode.source
	return (
		<article className="mode-card" aria-label={mode.name}>
			<header>
				<strong>{mode.name}</strong> <code>{mode.slug}</code>
				{current && <span className="mode-badge">current</span>}
				{mode.overrides && <span className="mode-badge">replaces {replaced[mode.overrides]}</span>}
			</header>
			<div className="row-detail">{mode.whenToUse}</div>
			<div className="muted">Tools: {groupsText(mode)}</div>
			{remembered && (
				<div className="muted">
					Remembers the profile {remembered.name} ({remembered.provider.modelId})
				</div>
			)}
			{confirmingDelete && source !== "builtin" ? (
				<ConfirmChoices
					question={`Delete ${mode.name} from ${source === "project" ? "the workspace's" : "your"} modes file?`}
					choices={[
						{
							label: "Delete",
							primary: true,
							onChoose: () => {
								deleteCustomMode(source, mode.slug)
								setConfirmingDelete(false)
							},
						},
					]}
					onCancel={() => setConfirmingDelete(false)}
				/>
			) : (
				<div className="mode-actions">
					{!current && (
						<IconButton
							icon="check"
							label={`Use ${mode.name}`}
							text="Use"
							onClick={() => switchMode(mode.slug)}
						/>
					)}
					<IconButton
						icon="edit"
						label={source === "builtin" ? `Customize ${mode.name}` : `Edit ${mode.name}`}
						text={source === "builtin" ? "Customize" : "Edit"}
						onClick={onEdit}
					/>
					<IconButton
						icon="export"
						label={`Export ${mode.name}`}
						text="Export"
						onClick={() => exportMode(mode.slug)}
					/>
					{source !== "builtin" && (
						<IconButton
							icon="trash"
							label={`Delete ${mode.name}`}
							text="Delete"
							onClick={() => setConfirmingDelete(true)}
						/>
					)}
				</div>
			)}
		</article>
	)
}
