import { useTranslation } from "react-i18next"
import { updateSetting } from "../../../state/settingsActions"
import { useWebviewStore } from "../../../state/store"
import { CheckboxField } from "../CheckboxField"
import { NumberField } from "../NumberField"
import { EmbeddingModelFields } from "./EmbeddingModelFields"
import { IndexKeyField } from "./IndexKeyField"
import { IndexStatusLine } from "./IndexStatusLine"
import "./codebaseIndex.css"

/** Semantic search over the workspace (codebase_search): whether to index, with which model, and how it stands. */
export function CodebaseIndexSection() {
	const { t } = useTranslation("codebaseIndex")
	const settings = useWebviewStore((s) => s.settings.codebaseIndex)
	return (
		<section className="settings-section" aria-labelledby="settings-codebase-index">
			<h2 id="settings-codebase-index">{t("title")}</h2>
			<CheckboxField
				label={t("enabled.label")}
				description={t("enabled.description")}
				checked={settings.enabled}
				onChange={(enabled) => updateSetting({ codebaseIndex: { enabled } })}
			/>
			<div className={settings.enabled ? "nested-fields" : "nested-fields inactive"}>
				<IndexStatusLine />
				<EmbeddingModelFields />
				<IndexKeyField />
				<NumberField
					label={t("maxResults.label")}
					description={t("maxResults.description")}
					value={settings.maxResults}
					min={1}
					max={100}
					integer
					onCommit={(maxResults) => updateSetting({ codebaseIndex: { maxResults } })}
				/>
				<NumberField
					label={t("minScore.label")}
					description={t("minScore.description")}
					value={settings.minScore}
					min={-1}
					max={1}
					step={0.05}
					onCommit={(minScore) => updateSetting({ codebaseIndex: { minScore } })}
				/>
				<NumberField
					label={t("maxFileSize.label")}
					description={t("maxFileSize.description")}
					value={settings.maxFileSizeKB}
					min={1}
					max={10_240}
					integer
					onCommit={(maxFileSizeKB) => updateSetting({ codebaseIndex: { maxFileSizeKB } })}
				/>
			</div>
		</section>
	)
}
