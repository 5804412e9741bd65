import type { BedrockAuthMethod, BedrockSettings } from "@cairn/types"
import { useEffect, useId, useState } from "react"
import { CheckboxField } from "../CheckboxField"
import { TextField } from "../TextField"

const authChoices: Readonly<Record<BedrockAuthMethod, string>> = {
	apiKey: "A Bedrock API key (saved as the key)",
	accessKeys: "An access key (its secret saved as the key)",
	profile: "A profile of ~/.aws (keys, SSO or a role)",
	defaultChain: "The AWS SDK's own search (environment, ~/.aws, SSO, instance role)",
}

export interface BedrockFieldsProps {
	value: BedrockSettings | undefined
	/** Called with settings that can be used: a region at least. */
	onChange: (next: BedrockSettings) => void
}

/**
 * Where and as whom Cairn calls AWS Bedrock: the region, the way to sign in and what that way
 * needs, and prompt caching. Choices made before there is a region wait here until there is one.
 */
export function BedrockFields({ value, onChange }: BedrockFieldsProps) {
	const id = useId()
	const [draft, setDraft] = useState<BedrockSettings>(value ?? { region: "", auth: "apiKey" })
	useEffect(() => {
		if (value !== undefined) setDraft(value)
	}, [value])
	const change = (next: BedrockSettings) => {
		setDraft(next)
		if (next.region !== "") onChange(next)
	}
	const without = (key: "accessKeyId" | "profile"): BedrockSettings => {
		const { [key]: _dropped, ...rest } = draft
		return rest
	}
	return (
		<>
			<TextField
				label="AWS region"
				description={
					value === undefined
						? "Required: where the model runs, e.g. us-east-1."
						: "Where the model runs."
				}
				value={draft.region}
				placeholder="us-east-1"
				validate={(region) => (region === "" ? "An AWS region is required." : undefined)}
				onCommit={(region) => change({ ...draft, region })}
			/>
			<div className="field">
				<label htmlFor={`${id}-auth`}>Sign in with</label>
				<select
					id={`${id}-auth`}
					className="select"
					value={draft.auth}
					onChange={(event) => change({ ...draft, auth: event.target.value as BedrockAuthMethod })}
				>
					{Object.entries(authChoices).map(([auth, label]) => (
						<option key={auth} value={auth}>
							{label}
						</option>
					))}
				</select>
			</div>
			{draft.auth === "accessKeys" && (
				<TextField
					label="Access key id"
					value={draft.accessKeyId ?? ""}
					placeholder="AKIA…"
					validate={(key) => (key === "" ? "The access key id is required." : undefined)}
					onCommit={(accessKeyId) => change({ ...draft, accessKeyId })}
				/>
			)}
			{draft.auth === "profile" && (
				<TextField
					label="Profile"
					description="Leave empty for the default profile (or AWS_PROFILE)."
					value={draft.profile ?? ""}
					placeholder="default"
					onCommit={(profile) =>
						change(profile === "" ? without("profile") : { ...draft, profile })
					}
				/>
			)}
			<CheckboxField
				label="Prompt caching"
				description="Cache points after the system prompt and the latest messages, for models that take them (Claude, Nova)."
				checked={draft.promptCache === true}
				onChange={(promptCache) => change({ ...draft, promptCache })}
			/>
		</>
	)
}
