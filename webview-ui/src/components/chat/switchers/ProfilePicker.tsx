import { useTranslation } from "react-i18next"
import { selectProfile } from "../../../state/profileActions"
import { useWebviewStore } from "../../../state/store"

/**
 * The chat box's API profile picker: every saved profile by name and model. Picking one makes it
 * current; the host switches the task on screen to it from its next request.
 */
export function ProfilePicker() {
	const { t } = useTranslation("chat")
	const profiles = useWebviewStore((s) => s.settings.profiles)
	const currentId = useWebviewStore((s) => s.settings.currentProfileId)
	if (profiles.length === 0) return null
	const current = profiles.find((profile) => profile.id === currentId)
	return (
		<select
			className="chat-mode chat-profile"
			aria-label={t("profile.label")}
			title={
				current
					? t("profile.title", {
							name: current.name,
							provider: current.provider.provider,
							model: current.provider.modelId,
						})
					: t("profile.none")
			}
			value={current?.id ?? ""}
			onChange={(event) => selectProfile(event.target.value)}
		>
			{current === undefined && <option value="">{t("profile.noProfile")}</option>}
			{profiles.map((profile) => (
				<option key={profile.id} value={profile.id}>
					{profile.name} · {profile.provider.modelId}
				</option>
			))}
		</select>
	)
}
