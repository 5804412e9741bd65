import { embeddingProviderNames, type EmbeddingProviderName, type EmbeddingSettings } from "@cairn/types"
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { updateTrustSetting } from "../../../state/settingsActions"
import { useWebviewStore } from "../../../state/store"
import { NumberField } from "../NumberField"
import { TextField } from "../TextField"

const defaultBaseUrls: Record<EmbeddingProviderName, string> = {
	openai: "https://api.openai.com/v1",
	ollama: "http://localhost:11434",
	gemini: "https://generativelanguage.googleapis.com",
}

function saveEmbedding(embedding: EmbeddingSettings | null): void {
	updateTrustSetting({ codebaseIndex: { embedding } })
}

/**
 * The embedding model the index is built with. A model is saved once it has an id; choosing
 * another provider forgets the model, since model ids and addresses belong to one provider.
 */
export function EmbeddingModelFields() {
	const { t } = useTranslation("codebaseIndex")
	const selectId = useId()
	const embedding = useWebviewStore((s) => s.settings.codebaseIndex.embedding)
	const [chosen, setChosen] = useState<EmbeddingProviderName>(embedding?.provider ?? "openai")
	const provider = embedding?.provider ?? chosen
	const withChange = (change: Partial<EmbeddingSettings>) =>
		embedding ? { ...embedding, ...change } : undefined
	return (
		<>
			<div className="field">
				<label htmlFor={selectId}>{t("provider.label")}</label>
				<select
					id={selectId}
					className="select"
					value={provider}
					onChange={(event) => {
						setChosen(event.target.value as EmbeddingProviderName)
						if (embedding !== undefined) saveEmbedding(null)
					}}
				>
					{embeddingProviderNames.map((name) => (
						<option key={name} value={name}>
							{t(`provider.${name}`)}
						</option>
					))}
				</select>
			</div>
			<TextField
				label={t("model.label")}
				description={t("model.description")}
				value={embedding?.modelId ?? ""}
				placeholder={t(`model.placeholder.${provider}`)}
				onCommit={(modelId) =>
					saveEmbedding(modelId === "" ? null : { ...(embedding ?? { provider }), modelId })
				}
			/>
			{embedding !== undefined && (
				<>
					<TextField
						label={t("baseUrl.label")}
						description={t("baseUrl.description", { url: defaultBaseUrls[provider] })}
						value={embedding?.baseUrl ?? ""}
						placeholder={defaultBaseUrls[provider]}
						validate={(value) =>
							value === "" || /^https?:\/\/\S+$/.test(value) ? undefined : t("baseUrl.invalid")
						}
						onCommit={(baseUrl) => {
							const next = withChange({ baseUrl: baseUrl === "" ? undefined : baseUrl })
							if (next) saveEmbedding(next)
						}}
					/>
					<NumberField
						label={t("dimensions.label")}
						description={t("dimensions.description")}
						value={embedding?.dimensions}
						min={1}
						max={8192}
						integer
						onCommit={(dimensions) => {
							const next = withChange({ dimensions })
							if (next) saveEmbedding(next)
						}}
						onClear={() => {
							const next = withChange({ dimensions: undefined })
							if (next) saveEmbedding(next)
						}}
					/>
				</>
			)}
		</>
	)
}
