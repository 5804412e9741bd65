import type { UiLanguage } from "@cairn/types"
import i18next, { type TOptions } from "i18next"
import en from "./locales/en.json" with { type: "json" }
import { hostResources } from "./hostResources.js"

/** A key of the English resources, "section.name" (a plural message by its name without the form). */
type Section = keyof typeof en
type Name<S extends Section> = keyof (typeof en)[S] & string
type PluralBase<N extends string> = N extends `${infer Base}_${"one" | "other"}` ? Base : N
export type HostMessageKey = { [S in Section]: `${S}.${PluralBase<Name<S>>}` }[Section]

/** Text the core writes for a person (errors and notices clients show), in one language. */
export interface HostText {
	(key: HostMessageKey, options?: TOptions): string
	/** Names as the language lists them ("a", "b" in English, "a"、"b" in Japanese), for `{{names}}`. */
	list(names: readonly string[]): string
}

const i18n = i18next.createInstance()
void i18n.init({
	lng: "en",
	fallbackLng: "en",
	resources: Object.fromEntries(
		Object.entries(hostResources).map(([language, messages]) => [language, { translation: messages }]),
	),
	// Resources are in memory: init finishes before it returns.
	initAsync: false,
	// Clients show the text as text, never as HTML: values go in as they are.
	interpolation: { escapeValue: false },
})

/**
 * The core's text in `language`. Each call picks its language, so one process serves every
 * client in the language the settings say now (no shared "current language" to switch).
 */
export function hostText(language: UiLanguage): HostText {
	const fixed = i18n.getFixedT(language)
	// Made on first use: a list formatter loads its language's data (~10 ms), and most texts list nothing.
	let names: Intl.ListFormat | undefined
	return Object.assign((key: HostMessageKey, options?: TOptions) => fixed(key, options), {
		list: (items: readonly string[]) =>
			(names ??= new Intl.ListFormat(language, { type: "conjunction", style: "narrow" })).format(items),
	})
}
