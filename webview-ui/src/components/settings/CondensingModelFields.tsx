import { providerNames, type ProviderName, type ProviderSettings } from "@cairn/types"
import { useId, useState } from "react"
import { updateSetting } from "../../state/settingsActions"
import { useWebviewStore } from "../../state/store"
import { ApiKeyField } from "./ApiKeyField"
import { baseUrlProblem, modelPlaceholders, providerLabels } from "./providerChoices"
import { TextField } from "./TextField"

const sameAsTask = ""

/**
 * The model that writes the summaries: the task's own, or another (a cheaper one, say). Like the
 * task's provider, a provider chosen before its model id waits here, since the setting needs
 * both. Its key is the one stored for that provider, so another provider's key can be saved here.
 */
export function CondensingModelFields() {
	const condensing = useWebviewStore((s) => s.settings.condensingProvider)
	const taskProvider = useWebviewStore((s) => s.settings.provider?.provider)
	const [pending, setPending] = useState<ProviderName>()
	const selectId = useId()
	const chosen = condensing?.provider ?? pending

	const send = (next: ProviderSettings | null) => updateSetting({ condensingProvider: next })
	const choose = (value: string) => {
		if (value === sameAsTask) {
			setPending(undefined)
			if (condensing !== undefined) send(null)
			return
		}
		const name = value as ProviderName
		if (condensing === undefined) return setPending(name)
		// A base URL belongs to the provider it was set for.
		const { baseUrl: _dropped, ...rest } = condensing
		send({ ...rest, provider: name })
	}

	return (
		<>
			<div className="field">
				<label htmlFor={selectId}>Condensing model</label>
				<div className="field-description">
					The model that writes the summaries. Another one (a cheaper or larger one) may suit long
					tasks better.
				</div>
				<select
					id={selectId}
					className="select"
					value={chosen ?? sameAsTask}
					onChange={(event) => choose(event.target.value)}
				>
					<option value={sameAsTask}>Same as the task</option>
					{providerNames.map((name) => (
						<option key={name} value={name}>
							{providerLabels[name]}
						</option>
					))}
				</select>
			</div>
			{chosen !== undefined && (
				<>
					<TextField
						label="Condensing model id"
						value={condensing?.modelId ?? ""}
						placeholder={modelPlaceholders[chosen]}
						validate={(value) => (value === "" ? "A model id is required." : undefined)}
						onCommit={(modelId) => send({ ...(condensing ?? { provider: chosen }), modelId })}
					/>
					{condensing !== undefined && (
						<TextField
							label="Condensing base URL"
							description="Leave empty for the provider's own endpoint."
							value={condensing.baseUrl ?? ""}
							placeholder="https://…"
							validate={baseUrlProblem}
							onCommit={(baseUrl) => {
								const { baseUrl: _old, ...rest } = condensing
								send(baseUrl === "" ? rest : { ...rest, baseUrl })
							}}
						/>
					)}
					{chosen === taskProvider ? (
						<div className="field-description">
							It uses the key saved for {providerLabels[chosen]} above.
						</div>
					) : (
						<ApiKeyField
							provider={chosen}
							hasApiKey={undefined}
							label={`${providerLabels[chosen]} API key`}
						/>
					)}
				</>
			)}
		</>
	)
}
