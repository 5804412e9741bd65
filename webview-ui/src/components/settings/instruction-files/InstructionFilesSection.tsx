import { instructionFileKinds, type InstructionFileKind } from "@cairn/types"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { updateSetting } from "../../../state/settingsActions"
import { useWebviewStore } from "../../../state/store"
import { CheckboxField } from "../CheckboxField"

/**
 * Which other tools' instruction files join the prompt: each kind is read unless turned off
 * here, and each says which of its files are in this workspace (asked for when Settings opens).
 */
export function InstructionFilesSection() {
	const { t } = useTranslation("settings")
	const disabled = useWebviewStore((s) => s.settings.disabledInstructionFiles)
	const found = useWebviewStore((s) => s.instructionFilesFound)
	const titleId = useId()
	const toggle = (kind: InstructionFileKind, read: boolean) =>
		updateSetting({
			disabledInstructionFiles: read
				? disabled.filter((other) => other !== kind)
				: [...disabled.filter((other) => other !== kind), kind],
		})
	const foundText = (kind: InstructionFileKind): string | undefined => {
		// Nested files depend on the folders a task works in; nothing to list before it does.
		if (found === undefined || kind === "nested") return undefined
		const files = found.find((entry) => entry.kind === kind)?.files ?? []
		return files.length === 0
			? t("instructionFiles.noneFound")
			: t("instructionFiles.found", { files: files.join(t("instructionFiles.fileSeparator")) })
	}
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>{t("instructionFiles.title")}</h2>
			<div className="field-description">{t("instructionFiles.description")}</div>
			{instructionFileKinds.map((kind) => {
				const files = foundText(kind)
				// What was found sits under its own kind's switch, so it never reads as the next kind's.
				return (
					<CheckboxField
						key={kind}
						label={t(`instructionFiles.kinds.${kind}.label`)}
						description={
							<>
								{t(`instructionFiles.kinds.${kind}.files`)}
								{files !== undefined && <div>{files}</div>}
							</>
						}
						checked={!disabled.includes(kind)}
						onChange={(read) => toggle(kind, read)}
					/>
				)
			})}
		</section>
	)
}
