import { useId } from "react"
import { useTranslation } from "react-i18next"
import { updateSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { CheckboxField } from "./CheckboxField"
import { NumberField } from "./NumberField"

/** Saving the workspace's files as the agent works, so every change can be undone. */
export function CheckpointsSection() {
	const { t } = useTranslation("settings")
	const enabled = useWebviewStore((s) => s.settings.enableCheckpoints)
	const limit = useWebviewStore((s) => s.settings.checkpointFileSizeLimitMB)
	const titleId = useId()
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>{t("checkpoints.title")}</h2>
			<CheckboxField
				label={t("checkpoints.enable")}
				description={t("checkpoints.enableDescription")}
				checked={enabled}
				onChange={(enableCheckpoints) => updateSetting({ enableCheckpoints })}
			/>
			<div className={["nested-fields", !enabled && "inactive"].filter(Boolean).join(" ")}>
				<NumberField
					label={t("checkpoints.sizeLimit")}
					description={t("checkpoints.sizeLimitDescription")}
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
