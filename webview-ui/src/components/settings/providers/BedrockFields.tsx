import type { BedrockAuthMethod, BedrockSettings } from "@cairn/types"
import { useEffect, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { CheckboxField } from "../CheckboxField"
import { TextField } from "../TextField"

const authChoices: readonly BedrockAuthMethod[] = ["apiKey", "accessKeys", "profile", "defaultChain"]

// AWS's own identifiers, written the same in every language.
const examples = { region: "us-east-1", accessKeyId: "AKIA…", profile: "default" }

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
	const { t } = useTranslation("settings")
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
				label={t("bedrock.region")}
				description={
					value === undefined
						? t("bedrock.regionRequiredDescription")
						: t("bedrock.regionDescription")
				}
				value={draft.region}
				placeholder={examples.region}
				validate={(region) => (region === "" ? t("bedrock.regionRequired") : undefined)}
				onCommit={(region) => change({ ...draft, region })}
			/>
			<div className="field">
				<label htmlFor={`${id}-auth`}>{t("bedrock.signInWith")}</label>
				<select
					id={`${id}-auth`}
					className="select"
					value={draft.auth}
					onChange={(event) => change({ ...draft, auth: event.target.value as BedrockAuthMethod })}
				>
					{authChoices.map((auth) => (
						<option key={auth} value={auth}>
							{t(`bedrock.auth.${auth}`)}
						</option>
					))}
				</select>
			</div>
			{draft.auth === "accessKeys" && (
				<TextField
					label={t("bedrock.accessKeyId")}
					value={draft.accessKeyId ?? ""}
					placeholder={examples.accessKeyId}
					validate={(key) => (key === "" ? t("bedrock.accessKeyIdRequired") : undefined)}
					onCommit={(accessKeyId) => change({ ...draft, accessKeyId })}
				/>
			)}
			{draft.auth === "profile" && (
				<TextField
					label={t("bedrock.profile")}
					description={t("bedrock.profileDescription")}
					value={draft.profile ?? ""}
					placeholder={examples.profile}
					onCommit={(profile) =>
						change(profile === "" ? without("profile") : { ...draft, profile })
					}
				/>
			)}
			<CheckboxField
				label={t("bedrock.promptCaching")}
				description={t("bedrock.promptCachingDescription")}
				checked={draft.promptCache === true}
				onChange={(promptCache) => change({ ...draft, promptCache })}
			/>
		</>
	)
}
