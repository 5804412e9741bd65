import { uiLanguages, type UiLanguage } from "@cairn/types/i18n/language"
import { i18n, namespaces, type Namespace } from "./i18n"

type Translation = Record<Namespace, Record<string, unknown>>

// One chunk per language, fetched only when the person reads that language; English is in the bundle.
const translations = import.meta.glob<Translation>(["./locales/*/index.ts", "!./locales/en/index.ts"], {
	import: "default",
})

/** The language named by a tag the host wrote (the page's lang attribute), or English. */
export function uiLanguageOf(tag: string | null | undefined): UiLanguage {
	return uiLanguages.find((language) => language === tag) ?? "en"
}

/**
 * Shows the webview's text in `language` from now on: loads its translation the first time,
 * then switches, and every component using react-i18next renders again in it.
 */
export async function showLanguage(language: UiLanguage): Promise<void> {
	if (language !== "en" && !i18n.hasResourceBundle(language, "common")) {
		const load = translations[`./locales/${language}/index.ts`]
		if (load === undefined) throw new Error(`the webview has no translation into ${language}`)
		const translation = await load()
		for (const namespace of namespaces)
			i18n.addResourceBundle(language, namespace, translation[namespace])
	}
	await i18n.changeLanguage(language)
	document.documentElement.lang = language
}
