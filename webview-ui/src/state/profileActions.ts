import { postToHost } from "../vscode"

// What the profile picker and the Settings view send. The host answers every change with
// `settingsUpdated`, so the views show what was stored, not what was clicked.

export function selectProfile(profileId: string): void {
	postToHost({ type: "selectProfile", profileId })
}

/** A new profile with the current one's fields and key, made current. */
export function createProfile(name: string): void {
	postToHost({ type: "createProfile", name })
}

export function renameProfile(profileId: string, name: string): void {
	postToHost({ type: "renameProfile", profileId, name })
}

/** Only after the person confirmed it: the profile and its key are deleted. */
export function deleteProfile(profileId: string): void {
	postToHost({ type: "deleteProfile", profileId })
}

export function importProfiles(text: string): void {
	postToHost({ type: "importProfiles", text })
}

export function exportProfiles(): void {
	postToHost({ type: "exportProfiles" })
}
