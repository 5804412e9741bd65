import type { ProviderSettings } from "@cairn/types"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { TextField } from "../TextField"

type VertexSettings = NonNullable<ProviderSettings["vertex"]>

// A path, the same in every language.
const keyFilePlaceholder = "/path/to/key.json"

/**
 * Vertex AI's project, region and credentials file. The settings take the project and the region
 * together, so a change is passed on once both are filled in; until then the fields keep it.
 */
export function VertexFields(props: {
	value: VertexSettings | undefined
	onChange: (vertex: VertexSettings) => void
}) {
	const { t } = useTranslation("settings")
	const [draft, setDraft] = useState<Partial<VertexSettings>>(props.value ?? {})
	const commit = (field: keyof VertexSettings, text: string) => {
		const { [field]: _old, ...rest } = draft
		const next: Partial<VertexSettings> = text === "" ? rest : { ...rest, [field]: text }
		setDraft(next)
		const { projectId, region } = next
		if (projectId !== undefined && region !== undefined) props.onChange({ ...next, projectId, region })
	}
	const required = (problem: string) => (value: string) => (value === "" ? problem : undefined)
	return (
		<>
			<TextField
				label={t("vertex.projectId")}
				value={draft.projectId ?? ""}
				placeholder={t("vertex.projectIdPlaceholder")}
				validate={required(t("vertex.projectIdRequired"))}
				onCommit={(value) => commit("projectId", value)}
			/>
			<TextField
				label={t("vertex.region")}
				description={t("vertex.regionDescription")}
				value={draft.region ?? ""}
				placeholder={t("vertex.regionPlaceholder")}
				validate={required(t("vertex.regionRequired"))}
				onCommit={(value) => commit("region", value)}
			/>
			<TextField
				label={t("vertex.keyFile")}
				description={t("vertex.keyFileDescription")}
				value={draft.credentialsFile ?? ""}
				placeholder={keyFilePlaceholder}
				onCommit={(value) => commit("credentialsFile", value)}
			/>
		</>
	)
}
