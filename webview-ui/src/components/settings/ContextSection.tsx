import { useId } from "react"
import { useTranslation } from "react-i18next"
import { updateSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { CheckboxField } from "./CheckboxField"
import { CondensingModelFields } from "./CondensingModelFields"
import { NumberField } from "./NumberField"

/** How Cairn keeps a long task inside the model's context window. */
export function ContextSection() {
	const { t } = useTranslation("settings")
	const auto = useWebviewStore((s) => s.settings.autoCondenseContext)
	const percent = useWebviewStore((s) => s.settings.autoCondenseContextPercent)
	const titleId = useId()
	return (
		<section className="settings-section" aria-labelledby={titleId}>
			<h2 id={titleId}>{t("context.title")}</h2>
			<CheckboxField
				label={t("context.autoCondense")}
				description={t("context.autoCondenseDescription")}
				checked={auto}
				onChange={(autoCondenseContext) => updateSetting({ autoCondenseContext })}
			/>
			<div className={["nested-fields", !auto && "inactive"].filter(Boolean).join(" ")}>
				<NumberField
					label={t("context.percent")}
					description={t("context.percentDescription")}
					value={percent}
					min={10}
					max={100}
					integer
					disabled={!auto}
					onCommit={(autoCondenseContextPercent) => updateSetting({ autoCondenseContextPercent })}
				/>
			</div>
			<CondensingModelFields />
		</section>
	)
}
