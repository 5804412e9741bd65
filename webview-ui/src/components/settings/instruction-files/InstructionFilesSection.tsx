import { instructionFileKinds, type InstructionFileKind } from "@cairn/types"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { updateSetting } from "../../../state/settingsActions"
import { useWebviewStore } from "../../../state/store"
import { CheckboxField } from "../CheckboxField"

/** Which other tools' instruction files join the prompt: each kind is read unless turned off here. */
export function InstructionFilesSection() {
	const { t } = useTranslation("settings")
	const disabled = useWebviewStore((s) => s.settings.disabledInstructionFiles)
	const titleId = useId()
	const toggle = (kind: InstructionFileKind, read: boolean) =>
		updateSetting({
			disabledInstructionFiles: read
				? disabled.filter((other) => other !== kind)
				: [...disabled.filter((other) => other !== kind), kind],
		})
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>{t("instructionFiles.title")}</h2>
			<div className="field-description">{t("instructionFiles.description")}</div>
			{instructionFileKinds.map((kind) => (
				<CheckboxField
					key={kind}
					label={t(`instructionFiles.kinds.${kind}.label`)}
					description={t(`instructionFiles.kinds.${kind}.files`)}
					checked={!disabled.includes(kind)}
					onChange={(read) => toggle(kind, read)}
				/>
			))}
		</section>
	)
}
