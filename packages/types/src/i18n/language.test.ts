import { describe, expect, it } from "vitest"
import { defaultSettings } from "../settings/settings.js"
import { languageNameForModel, preferredLanguage, resolveUiLanguage, uiLanguageFor } from "./language.js"

describe("the language Cairn speaks", () => {
	it("follows the editor by default", () => {
		expect(defaultSettings().language).toBe("auto")
		expect(resolveUiLanguage({ setting: defaultSettings().language, editor: "ja" })).toBe("ja")
	})

	it("is the setting's when the person chose one, over the editor and the environment", () => {
		expect(resolveUiLanguage({ setting: "de", editor: "ja", env: { LANG: "fr_FR.UTF-8" } })).toBe("de")
		expect(resolveUiLanguage({ setting: "en", editor: "ja" })).toBe("en")
	})

	it("is the editor's over the environment, and the environment's where there is no editor", () => {
		expect(resolveUiLanguage({ setting: "auto", editor: "ko", env: { LANG: "fr_FR.UTF-8" } })).toBe("ko")
		expect(resolveUiLanguage({ setting: "auto", env: { LANG: "fr_FR.UTF-8" } })).toBe("fr")
	})

	it("reads the environment in POSIX order: LC_ALL, then LC_MESSAGES, then LANG", () => {
		const env = { LC_ALL: "ru_RU.UTF-8", LC_MESSAGES: "tr_TR.UTF-8", LANG: "es_ES.UTF-8" }
		expect(preferredLanguage({ env })).toBe("ru-RU")
		expect(preferredLanguage({ env: { ...env, LC_ALL: undefined } })).toBe("tr-TR")
		expect(preferredLanguage({ env: { ...env, LC_ALL: "", LC_MESSAGES: undefined } })).toBe("es-ES")
	})

	it("takes C and POSIX locales as no language, and ends at English", () => {
		expect(preferredLanguage({ env: { LC_ALL: "C", LANG: "POSIX" } })).toBe("en")
		expect(preferredLanguage({ env: { LC_ALL: "C.UTF-8", LANG: "de_DE.UTF-8" } })).toBe("de-DE")
		expect(preferredLanguage({})).toBe("en")
	})

	it("skips a setting that is no language tag rather than failing", () => {
		expect(preferredLanguage({ setting: "not a tag!", editor: "pt-br" })).toBe("pt-BR")
		expect(preferredLanguage({ setting: "  ", editor: "zh-tw" })).toBe("zh-TW")
	})

	it("shows the closest translation there is, in the script the region writes", () => {
		expect(uiLanguageFor("zh")).toBe("zh-CN")
		expect(uiLanguageFor("zh-SG")).toBe("zh-CN")
		expect(uiLanguageFor("zh-HK")).toBe("zh-TW")
		expect(uiLanguageFor("zh-Hant")).toBe("zh-TW")
		expect(uiLanguageFor("pt-PT")).toBe("pt-BR")
		expect(uiLanguageFor("es-419")).toBe("es")
		expect(uiLanguageFor("de-CH")).toBe("de")
		expect(uiLanguageFor("it")).toBe("en")
	})

	it("names a language for the model in English, with its tag", () => {
		expect(languageNameForModel("ja")).toBe("Japanese (ja)")
		expect(languageNameForModel("zh-TW")).toBe("Traditional Chinese (zh-TW)")
		expect(languageNameForModel("zh-CN")).toBe("Simplified Chinese (zh-CN)")
		expect(languageNameForModel("pt-BR")).toBe("Brazilian Portuguese (pt-BR)")
		expect(languageNameForModel("it")).toBe("Italian (it)")
	})
})
