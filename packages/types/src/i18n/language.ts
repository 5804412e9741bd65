/**
 * Which language Cairn speaks to the person. One implementation for the extension, the CLI and
 * the core: the `language` setting when the person chose one, else the editor's display language
 * (VS Code) or the terminal's locale (the CLI), else English.
 */

/** The `language` setting's value that means "follow the editor (or the terminal's locale)". */
export const followEditorLanguage = "auto"

/** The languages Cairn's own text is translated into, by the tag used for their resources. */
export const uiLanguages = [
	"en",
	"zh-CN",
	"zh-TW",
	"ja",
	"ko",
	"es",
	"pt-BR",
	"de",
	"fr",
	"ru",
	"tr",
] as const
export type UiLanguage = (typeof uiLanguages)[number]

/** Each language's name as its speakers write it, for a language picker. */
export const uiLanguageNativeNames: Record<UiLanguage, string> = {
	en: "English",
	"zh-CN": "简体中文",
	"zh-TW": "繁體中文",
	ja: "日本語",
	ko: "한국어",
	es: "Español",
	"pt-BR": "Português (Brasil)",
	de: "Deutsch",
	fr: "Français",
	ru: "Русский",
	tr: "Türkçe",
}

export interface LanguageSources {
	/** The `language` setting; "auto", "" or absent follow the editor. */
	setting?: string | undefined
	/** The editor's display language (`vscode.env.language`), where there is an editor. */
	editor?: string | undefined
	/** The process environment, read where there is no editor (LC_ALL, LC_MESSAGES, LANG). */
	env?: Readonly<Record<string, string | undefined>> | undefined
}

/**
 * The BCP 47 tag the person asked for, canonical ("zh-TW", "pt-BR", "it"): it may name a language
 * Cairn's own text is not translated into, and the model can still answer in it.
 */
export function preferredLanguage(sources: LanguageSources): string {
	const candidates = [
		sources.setting === followEditorLanguage ? undefined : sources.setting,
		sources.editor,
		...environmentLocales(sources.env ?? {}),
	]
	for (const candidate of candidates) {
		const tag = canonicalTag(candidate)
		if (tag !== undefined) return tag
	}
	return "en"
}

/** The translation Cairn's own text uses for a tag: the closest one there is, else English. */
export function uiLanguageFor(tag: string): UiLanguage {
	const locale = safeLocale(tag)
	if (locale === undefined) return "en"
	const language = locale.language
	if (language === "zh") return chineseScript(locale) === "Hant" ? "zh-TW" : "zh-CN"
	if (language === "pt") return "pt-BR"
	return uiLanguages.find((ui) => ui === language) ?? "en"
}

/** The language the person's Cairn text is shown in. */
export function resolveUiLanguage(sources: LanguageSources): UiLanguage {
	return uiLanguageFor(preferredLanguage(sources))
}

/** A tag's English name with the tag, as the model is told it: "Japanese (ja)". */
export function languageNameForModel(tag: string): string {
	const locale = safeLocale(tag)
	// "Chinese (Taiwan)" would not say which script to write: name the script instead.
	const named = locale?.language === "zh" ? `zh-${chineseScript(locale)}` : tag
	const name = new Intl.DisplayNames(["en"], { type: "language" }).of(named)
	return name === undefined || name === tag ? tag : `${name} (${tag})`
}

/** POSIX order: LC_ALL overrides LC_MESSAGES, which overrides LANG. "C" and "POSIX" name no language. */
function environmentLocales(env: Readonly<Record<string, string | undefined>>): string[] {
	return [env.LC_ALL, env.LC_MESSAGES, env.LANG].flatMap((value) => {
		// "ja_JP.UTF-8@variant": the language and territory are before the codeset and modifier.
		const base = value?.split(/[.@]/)[0]?.replace(/_/g, "-")
		return base === undefined || base === "" || base === "C" || base === "POSIX" ? [] : [base]
	})
}

function canonicalTag(value: string | undefined): string | undefined {
	if (value === undefined || value.trim() === "") return undefined
	return safeLocale(value.trim())?.toString()
}

function safeLocale(tag: string): Intl.Locale | undefined {
	try {
		return new Intl.Locale(tag)
	} catch {
		return undefined
	}
}

/** Traditional script for zh-Hant and the regions that write it (Taiwan, Hong Kong, Macau). */
function chineseScript(locale: Intl.Locale): "Hans" | "Hant" {
	if (locale.script === "Hant" || locale.script === "Hans") return locale.script
	return locale.region === "TW" || locale.region === "HK" || locale.region === "MO" ? "Hant" : "Hans"
}
