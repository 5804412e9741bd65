import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { createProfile, exportProfiles, importProfiles } from "../../state/profileActions"
import { useWebviewStore } from "../../state/store"
import { ProfileRow } from "./ProfileRow"

/**
 * The saved provider profiles: which is current (the provider fields below edit it), a new one
 * from the current one, rename, delete, and import or export (keys are never exported).
 */
export function ProfilesSection() {
	const { t } = useTranslation("settings")
	const profiles = useWebviewStore((s) => s.settings.profiles)
	const currentId = useWebviewStore((s) => s.settings.currentProfileId)
	const id = useId()
	const [newName, setNewName] = useState("")
	const [importing, setImporting] = useState(false)
	const [text, setText] = useState("")
	if (profiles.length === 0) return null
	return (
		<section className="settings-section" aria-labelledby={`${id}-title`}>
			<h2 id={`${id}-title`}>{t("profiles.title")}</h2>
			<div className="field-description">{t("profiles.description")}</div>
			<ul className="profile-list" aria-label={t("profiles.title")}>
				{profiles.map((profile) => (
					<ProfileRow
						key={profile.id}
						profile={profile}
						current={profile.id === currentId}
						onlyOne={profiles.length === 1}
					/>
				))}
			</ul>
			<form
				className="profile-create"
				onSubmit={(event) => {
					event.preventDefault()
					createProfile(newName.trim())
					setNewName("")
				}}
			>
				<label htmlFor={`${id}-new`}>{t("profiles.newFromCurrent")}</label>
				<input
					id={`${id}-new`}
					className="text-input"
					value={newName}
					placeholder={t("profiles.namePlaceholder")}
					onChange={(event) => setNewName(event.target.value)}
				/>
				<button type="submit" className="button primary" disabled={newName.trim() === ""}>
					{t("profiles.create")}
				</button>
			</form>
			<div className="confirm-buttons">
				<button type="button" className="button secondary" onClick={() => setImporting(!importing)}>
					{t("profiles.importMore")}
				</button>
				<button type="button" className="button secondary" onClick={exportProfiles}>
					{t("profiles.export")}
				</button>
			</div>
			{importing && (
				<form
					aria-label={t("profiles.importTitle")}
					onSubmit={(event) => {
						event.preventDefault()
						importProfiles(text)
						setText("")
						setImporting(false)
					}}
				>
					<div className="field">
						<label htmlFor={`${id}-import`}>{t("profiles.importText")}</label>
						<textarea
							id={`${id}-import`}
							className="text-input"
							rows={6}
							value={text}
							onChange={(event) => setText(event.target.value)}
						/>
					</div>
					<div className="field">
						<label htmlFor={`${id}-file`}>{t("profiles.importFile")}</label>
						<input
							id={`${id}-file`}
							type="file"
							accept=".json"
							onChange={(event) => {
								const file = event.target.files?.[0]
								if (file) void file.text().then(setText)
							}}
						/>
					</div>
					<button type="submit" className="button primary" disabled={text.trim() === ""}>
						{t("profiles.import")}
					</button>
				</form>
			)}
		</section>
	)
}
