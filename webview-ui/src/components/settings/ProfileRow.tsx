import type { ProviderProfile } from "@cairn/types"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { deleteProfile, renameProfile, selectProfile } from "../../state/profileActions"
import { ConfirmChoices } from "../common/ConfirmChoices"

/** One saved profile: pick it, rename it in place, delete it after a confirmation (never the last). */
export function ProfileRow(props: { profile: ProviderProfile; current: boolean; onlyOne: boolean }) {
	const { profile, current, onlyOne } = props
	const { t } = useTranslation("settings")
	const [renaming, setRenaming] = useState<string>()
	const [confirmingDelete, setConfirmingDelete] = useState(false)
	return (
		<li className="profile-row" aria-label={profile.name}>
			<label>
				<input
					type="radio"
					name="current-profile"
					checked={current}
					onChange={() => selectProfile(profile.id)}
				/>
				<strong>{profile.name}</strong>{" "}
				<span className="muted">
					{profile.provider.provider} · {profile.provider.modelId}
					{profile.provider.baseUrl !== undefined && ` · ${profile.provider.baseUrl}`}
				</span>
			</label>
			{renaming !== undefined ? (
				<form
					className="profile-rename"
					onSubmit={(event) => {
						event.preventDefault()
						if (renaming.trim() !== "" && renaming.trim() !== profile.name)
							renameProfile(profile.id, renaming.trim())
						setRenaming(undefined)
					}}
				>
					<input
						className="text-input"
						aria-label={t("profiles.newName", { profile: profile.name })}
						value={renaming}
						onChange={(event) => setRenaming(event.target.value)}
					/>
					<button type="submit" className="button primary" disabled={renaming.trim() === ""}>
						{t("profiles.rename")}
					</button>
					<button type="button" className="button secondary" onClick={() => setRenaming(undefined)}>
						{t("profiles.cancel")}
					</button>
				</form>
			) : confirmingDelete ? (
				<ConfirmChoices
					question={t("profiles.deleteQuestion", { profile: profile.name })}
					choices={[
						{
							label: t("profiles.delete"),
							primary: true,
							onChoose: () => deleteProfile(profile.id),
						},
					]}
					onCancel={() => setConfirmingDelete(false)}
				/>
			) : (
				<span className="profile-actions">
					<button
						type="button"
						className="button secondary"
						onClick={() => setRenaming(profile.name)}
					>
						{t("profiles.rename")}
					</button>
					<button
						type="button"
						className="button secondary"
						disabled={onlyOne}
						title={onlyOne ? t("profiles.lastCannotBeDeleted") : undefined}
						onClick={() => setConfirmingDelete(true)}
					>
						{t("profiles.delete")}
					</button>
				</span>
			)}
		</li>
	)
}
