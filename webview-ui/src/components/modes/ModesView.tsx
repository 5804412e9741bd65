import type { ModeSource, ModeView } from "@cairn/types"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { openModesFile } from "../../state/modeActions"
import { useWebviewStore } from "../../state/store"
import { Icon } from "../common/Icon"
import { IconButton } from "../common/IconButton"
import { ModeCard } from "./ModeCard"
import { draftOf, emptyDraft } from "./modeDraft"
import { ModeForm } from "./ModeForm"
import { ModeImport } from "./ModeImport"
import { modesProblemText } from "./modesProblemText"
import "./modes.css"

const sections: readonly ModeSource[] = ["project", "global", "builtin"]

type Editing = { kind: "none" } | { kind: "new" } | { kind: "edit"; mode: ModeView } | { kind: "import" }

/** Every mode by where it comes from, the modes files' problems, and creating, editing, exporting and importing modes. */
export function ModesView() {
	const { t } = useTranslation("modes")
	const { modes, problems } = useWebviewStore((s) => s.modes)
	const [editing, setEditing] = useState<Editing>({ kind: "none" })
	const done = () => setEditing({ kind: "none" })
	return (
		<main className="modes-view" aria-label={t("title")}>
			{problems.length > 0 && (
				<section className="modes-problems" aria-labelledby="modes-problems-title">
					<h3 id="modes-problems-title">
						<Icon name="warning" /> {t("problems", { count: problems.length })}
					</h3>
					<ul>
						{problems.map((problem) => (
							<li key={problem.text}>{modesProblemText(problem, t)}</li>
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
						label={t("actions.new")}
						text={t("actions.new")}
						onClick={() => setEditing({ kind: "new" })}
					/>
					<IconButton
						icon="cloud-download"
						label={t("import.title")}
						text={t("actions.import")}
						onClick={() => setEditing({ kind: "import" })}
					/>
					<IconButton
						icon="go-to-file"
						label={t("actions.editYourFile")}
						text={t("actions.yourFile")}
						onClick={() => openModesFile("global")}
					/>
					<IconButton
						icon="go-to-file"
						label={t("actions.editWorkspaceFile")}
						text={t("actions.workspaceFile")}
						onClick={() => openModesFile("project")}
					/>
				</div>
			)}
			{sections.map((source) => {
				const title = t(`sections.${source}`)
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
