import { followEditorLanguage, type CairnSettings } from "@cairn/types"
import type { KeyValueStore } from "../host/Host.js"

const migratedKey = "settings.languageFollowsEditor"

/**
 * Until the `language` setting meant anything its default was "en", and every saved settings object
 * carries it: nobody chose it (nothing offered the setting). Once per store, that "en" becomes
 * "auto" so Cairn follows the editor; an "en" the person picks afterwards stays English.
 */
export async function migrateLanguageSetting(
	state: KeyValueStore,
	settings: CairnSettings,
): Promise<CairnSettings> {
	if ((await state.get(migratedKey)) === true) return settings
	await state.set(migratedKey, true)
	return settings.language === "en" ? { ...settings, language: followEditorLanguage } : settings
}
