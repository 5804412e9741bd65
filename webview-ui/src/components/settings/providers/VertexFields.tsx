import type { ProviderSettings } from "@cairn/types"
import { useState } from "react"
import { TextField } from "../TextField"

type VertexSettings = NonNullable<ProviderSettings["vertex"]>

/**
 * Vertex AI's project, region and credentials file. The settings take the project and the region
 * together, so a change is passed on once both are filled in; until then the fields keep it.
 */
export function VertexFields(props: {
	value: VertexSettings | undefined
	onChange: (vertex: VertexSettings) => void
}) {
	const [draft, setDraft] = useState<Partial<VertexSettings>>(props.value ?? {})
	const commit = (field: keyof VertexSettings, text: string) => {
		const { [field]: _old, ...rest } = draft
		const next: Partial<VertexSettings> = text === "" ? rest : { ...rest, [field]: text }
		setDraft(next)
		const { projectId, region } = next
		if (projectId !== undefined && region !== undefined) props.onChange({ ...next, projectId, region })
	}
	const required = (what: string) => (value: string) => (value === "" ? `${what} is required.` : undefined)
	return (
		<>
			<TextField
				label="Google Cloud project id"
				value={draft.projectId ?? ""}
				placeholder="e.g. my-project-123"
				validate={required("A project id")}
				onCommit={(value) => commit("projectId", value)}
			/>
			<TextField
				label="Region"
				description="Where the model is served, e.g. us-east5, europe-west1, or global."
				value={draft.region ?? ""}
				placeholder="e.g. us-east5"
				validate={required("A region")}
				onCommit={(value) => commit("region", value)}
			/>
			<TextField
				label="Service account key file (optional)"
				description="A JSON key file's path. Leave empty for Application Default Credentials (gcloud auth application-default login)."
				value={draft.credentialsFile ?? ""}
				placeholder="/path/to/key.json"
				onCommit={(value) => commit("credentialsFile", value)}
			/>
		</>
	)
}
