import { useId, useState } from "react"
import { createProfile, exportProfiles, importProfiles } from "../../state/profileActions"
import { useWebviewStore } from "../../state/store"
import { ProfileRow } from "./ProfileRow"

/**
 * The saved provider profiles: which is current (the provider fields below edit it), a new one
 * from the current one, rename, delete, and import or export (keys are never exported).
 */
export function ProfilesSection() {
	const profiles = useWebviewStore((s) => s.settings.profiles)
	const currentId = useWebviewStore((s) => s.settings.currentProfileId)
	const id = useId()
	const [newName, setNewName] = useState("")
	const [importing, setImporting] = useState(false)
	const [text, setText] = useState("")
	if (profiles.length === 0) return null
	return (
		<section className="settings-section" aria-labelledby={`${id}-title`}>
			<h2 id={`${id}-title`}>Profiles</h2>
			<div className="field-description">
				Named model configurations to switch between from the chat box, per task or per mode. The
				provider fields below edit the current one; each profile keeps its own key.
			</div>
			<ul className="profile-list" aria-label="Profiles">
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
				<label htmlFor={`${id}-new`}>New profile from the current one</label>
				<input
					id={`${id}-new`}
					className="text-input"
					value={newName}
					placeholder="A name, e.g. Local qwen"
					onChange={(event) => setNewName(event.target.value)}
				/>
				<button type="submit" className="button primary" disabled={newName.trim() === ""}>
					Create
				</button>
			</form>
			<div className="confirm-buttons">
				<button type="button" className="button secondary" onClick={() => setImporting(!importing)}>
					Import…
				</button>
				<button type="button" className="button secondary" onClick={exportProfiles}>
					Export
				</button>
			</div>
			{importing && (
				<form
					aria-label="Import profiles"
					onSubmit={(event) => {
						event.preventDefault()
						importProfiles(text)
						setText("")
						setImporting(false)
					}}
				>
					<div className="field">
						<label htmlFor={`${id}-import`}>Profiles exported by Cairn (JSON)</label>
						<textarea
							id={`${id}-import`}
							className="text-input"
							rows={6}
							value={text}
							onChange={(event) => setText(event.target.value)}
						/>
					</div>
					<div className="field">
						<label htmlFor={`${id}-file`}>Or read them from a file</label>
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
						Import
					</button>
				</form>
			)}
		</section>
	)
}
