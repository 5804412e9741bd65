import { preferredLanguage, resolveUiLanguage, type CairnSettings, type UiLanguage } from "@cairn/types"
import type { Host } from "../host/Host.js"
import { hostText, type HostText } from "./hostText.js"

type LanguageSettings = Pick<CairnSettings, "language">
type LanguageHost = Pick<Host, "displayLanguage">

/**
 * The language the person reads, as a BCP 47 tag: the `language` setting, else the editor's
 * display language, else (a terminal) the locale of the environment. The model answers in it.
 */
export function personLanguage(host: LanguageHost, settings: LanguageSettings): string {
	return preferredLanguage({ setting: settings.language, editor: host.displayLanguage, env: process.env })
}

/** The translation of Cairn's own text the person sees, for clients. */
export function personUiLanguage(host: LanguageHost, settings: LanguageSettings): UiLanguage {
	return resolveUiLanguage({ setting: settings.language, editor: host.displayLanguage, env: process.env })
}

/** The core's text for the person, in the language clients are told (the settings as they are now). */
export function personText(host: LanguageHost, settings: LanguageSettings): HostText {
	return hostText(personUiLanguage(host, settings))
}
