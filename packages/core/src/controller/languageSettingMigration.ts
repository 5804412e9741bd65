import { followEditorLanguage, type CairnSettings } from "@cairn/types"
import type { KeyValueStore } from "../host/Host.js"

/** The state key that says the migration below is done. */
export const languageMigratedKey = "settings.languageFollowsEditor"

/**
 * Until the `language` setting meant anything its default was "en", and every saved settings object
 * carries it: nobody chose it (nothing offered the setting). Until migrated, that "en" means "auto"
 * so Cairn follows the editor; an "en" the person picks afterwards stays English.
 */
export function migratedLanguage(language: string, migrated: boolean): string {
	return !migrated && language === "en" ? followEditorLanguage : language
}

/** Migrates the stored language once per store (see migratedLanguage). */
export async function migrateLanguageSetting(
	state: KeyValueStore,
	settings: CairnSettings,
): Promise<CairnSettings> {
	if ((await state.get(languageMigratedKey)) === true) return settings
	await state.set(languageMigratedKey, true)
	return { ...settings, language: migratedLanguage(settings.language, false) }
}
