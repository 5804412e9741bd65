import { readFile } from "node:fs/promises"
import path from "node:path"
import { languageMigratedKey, migratedLanguage } from "../controller/languageSettingMigration.js"
import { stateFileName } from "../host/node/fileStateStore.js"

/**
 * The `language` setting saved in a storage folder ($CAIRN_HOME), read before anything else runs:
 * the CLI prints its help and usage errors before it opens the settings. Undefined when there is
 * none or the file cannot be read; the full read (SettingsStore) reports such problems.
 */
export async function storedLanguageSetting(storageDir: string): Promise<string | undefined> {
	let state: unknown
	try {
		state = JSON.parse(await readFile(path.join(storageDir, stateFileName), "utf8"))
	} catch {
		return undefined
	}
	if (typeof state !== "object" || state === null) return undefined
	const record = state as Record<string, unknown>
	const settings = record.settings
	const language =
		typeof settings === "object" && settings !== null
			? (settings as Record<string, unknown>).language
			: undefined
	if (typeof language !== "string") return undefined
	return migratedLanguage(language, record[languageMigratedKey] === true)
}
