import type { CairnSettings, CustomMode, ModeSource } from "@cairn/types"
import { postToHost } from "../vscode"
import { useWebviewStore } from "./store"

// What the mode picker and the Modes view send. The host writes the modes file and answers with
// a fresh `modes` (the file is watched), so the view shows what was stored, not what was clicked.

export type ModesFile = Exclude<ModeSource, "builtin">

export function switchMode(slug: string): void {
	postToHost({ type: "mode", mode: slug })
}

export function saveCustomMode(source: ModesFile, mode: CustomMode, previousSlug?: string): void {
	postToHost({
		type: "saveCustomMode",
		source,
		mode,
		...(previousSlug !== undefined && previousSlug !== mode.slug && { previousSlug }),
	})
}

/** Only after the person confirmed it: the mode leaves its modes file. */
export function deleteCustomMode(source: ModesFile, slug: string): void {
	postToHost({ type: "deleteCustomMode", source, slug })
}

export function exportMode(slug: string): void {
	postToHost({ type: "exportMode", slug })
}

export function importModes(source: ModesFile, text: string): void {
	postToHost({ type: "importModes", source, text })
}

export function openModesFile(source: ModesFile): void {
	postToHost({ type: "openModesFile", source })
}

/**
 * The profile picking `slug` switches to: the current one once remembered, none once forgotten.
 * The whole map is sent, as settings patches replace a field whole.
 */
export function rememberModelForMode(slug: string, remember: boolean): void {
	const settings: CairnSettings = useWebviewStore.getState().settings
	const { [slug]: _forgotten, ...others } = settings.modeProfiles
	const current = settings.currentProfileId
	const modeProfiles = remember && current !== undefined ? { ...others, [slug]: current } : others
	postToHost({ type: "updateSettings", settings: { modeProfiles } })
}
