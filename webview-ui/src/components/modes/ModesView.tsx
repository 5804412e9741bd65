import type { ModeSource, ModeView } from "@cairn/types"
import { useState } from "react"
import { openModesFile } from "../../state/modeActions"
import { useWebviewStore } from "../../state/store"
import { Icon } from "../common/Icon"
import { IconButton } from "../common/IconButton"
import { ModeCard } from "./ModeCard"
import { draftOf, emptyDraft } from "./modeDraft"
import { ModeForm } from "./ModeForm"
import { ModeImport } from "./ModeImport"
import "./modes.css"

const sections: { source: ModeSource; title: string }[] = [
	{ source: "project", title: "This workspace (.cairn/modes.yaml)" },
	{ source: "global", title: "Your modes" },
	{ source: "builtin", title: "Built in" },
]

type Editing = { kind: "none" } | { kind: "new" } | { kind: "edit"; mode: ModeView } | { kind: "import" }

/** Every mode by where it comes from, the modes files' problems, and creating, editing, exporting and importing modes. */
export function ModesView() {
	const { modes, problems } = useWebviewStore((s) => s.modes)
	const [editing, setEditing] = useState<Editing>({ kind: "none" })
	const done = () => setEditing({ kind: "none" })
	return (
		<main className="modes-view" aria-label="Modes">
			{problems.length > 0 && (
				<section className="modes-problems" aria-labelledby="modes-problems-title">
					<h3 id="modes-problems-title">
						<Icon name="warning" />{" "}
						{problems.length === 1 ? "A problem" : `${problems.length} problems`} in the modes
						files
					</h3>
					<ul>
						{problems.map((problem) => (
							<li key={problem}>{problem}</li>
						))}
					</ul>
				</section>
			)}
			{editing.kind === "new" && <ModeForm initial={emptyDraft()} onDone={done} />}
			{editing.kind === "edit" && (
				<ModeForm
					initial={draftOf(editing.mode)}
					{...(editing.mode.source !== "builtin" && { editing: editing.mode.slug })}
					onDone={done}
				/>
			)}
			{editing.kind === "import" && <ModeImport onDone={done} />}
			{editing.kind === "none" && (
				<div className="mode-actions">
					<IconButton
						icon="add"
						label="New mode"
						text="New mode"
						onClick={() => setEditing({ kind: "new" })}
					/>
					<IconButton
						icon="cloud-download"
						label="Import modes"
						text="Import"
						onClick={() => setEditing({ kind: "import" })}
					/>
					<IconButton
						icon="go-to-file"
						label="Edit your modes file"
						text="Your file"
						onClick={() => openModesFile("global")}
					/>
					<IconButton
						icon="go-to-file"
						label="Edit the workspace's modes file"
						text="Workspace file"
						onClick={() => openModesFile("project")}
					/>
				</div>
			)}
			{sections.map(({ source, title }) => {
				const listed = modes.filter((mode) => mode.source === source)
				if (listed.length === 0) return null
				return (
					<section key={source} aria-label={title}>
						<h3>{title}</h3>
						<ul className="mode-list">
							{listed.map((mode) => (
								<li key={mode.slug}>
									<ModeCard mode={mode} onEdit={() => setEditing({ kind: "edit", mode })} />
								</li>
							))}
						</ul>
					</section>
				)
			})}
		</main>
	)
}
