import { storedLanguageSetting } from "@cairn/core/startup"
import { resolveUiLanguage, uiLanguageFor, type UiLanguage } from "@cairn/types"
import i18next, { type TOptions } from "i18next"
import en from "./locales/en.json" with { type: "json" }
import { cliResources } from "./resources.js"

/** A key of the English resources, "section.name" (a plural message by its name without the form). */
type Section = keyof typeof en
type Name<S extends Section> = keyof (typeof en)[S] & string
type PluralBase<N extends string> = N extends `${infer Base}_${"one" | "other"}` ? Base : N
export type CliMessageKey = { [S in Section]: `${S}.${PluralBase<Name<S>>}` }[Section]

const i18n = i18next.createInstance()
void i18n.init({
	lng: "en",
	fallbackLng: "en",
	// English is the fallback of every other language: always there. The others are added when chosen.
	resources: { en: { translation: en } },
	// Resources are in memory: init and language changes finish before they return.
	initAsync: false,
	// Terminal text, not HTML: values are printed as they are.
	interpolation: { escapeValue: false },
})

/** The CLI's text for a key, in the language chosen by useCliLanguage (English until then). */
export function t(key: CliMessageKey, options?: TOptions): string {
	return i18n.t(key, options)
}

/** "a and b", "a, b and c" as the current language writes a list. */
export function listOf(items: readonly string[]): string {
	return new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(items)
}

/** Numbers as the current language writes them (digit grouping, decimal mark, currency). */
export function numberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
	return new Intl.NumberFormat(i18n.language, options)
}

/** A moment as the current language writes a short date and time, in the local time zone. */
export function formatDateTime(ts: number): string {
	return new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(ts)
}

/** The language the CLI's text is shown in now. */
export function cliUiLanguage(): UiLanguage {
	return uiLanguageFor(i18n.language)
}

/** Shows the CLI's text in this language from now on, once its messages are read. */
export async function useCliLanguage(language: UiLanguage): Promise<void> {
	if (!i18n.hasResourceBundle(language, "translation"))
		i18n.addResourceBundle(language, "translation", await cliResources[language]())
	await i18n.changeLanguage(language)
}

/**
 * The CLI's language: the `language` setting saved in $CAIRN_HOME, else the locale of the
 * environment (LC_ALL, LC_MESSAGES, LANG), else English. A terminal has no editor to follow.
 */
export async function cliLanguage(env: NodeJS.ProcessEnv, cairnHome: string): Promise<UiLanguage> {
	return resolveUiLanguage({ setting: await storedLanguageSetting(cairnHome), env })
}
