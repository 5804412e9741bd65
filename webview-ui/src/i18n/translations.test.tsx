import { uiLanguages } from "@cairn/types"
import { i18nextPlaceholders, translationProblems } from "@cairn/types/test-support/translations"
import { render, screen } from "@testing-library/react"
import { useTranslation } from "react-i18next"
import { describe, expect, it } from "vitest"
import { english, i18n, namespaces } from "./i18n"
import { showLanguage, uiLanguageOf } from "./showLanguage"

const translations = import.meta.glob<Record<string, Record<string, unknown>>>("./locales/*/index.ts", {
	import: "default",
	eager: true,
})

/** A namespace's messages by their full key ("section.name"), as the checker compares them. */
function flat(messages: Record<string, unknown>, prefix = ""): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(messages).flatMap(([key, value]) =>
			value !== null && typeof value === "object"
				? Object.entries(flat(value as Record<string, unknown>, `${prefix}${key}.`))
				: [[`${prefix}${key}`, value]],
		),
	)
}

describe("the webview's translations", () => {
	it("exist for every language Cairn offers, each with every part of the UI", () => {
		for (const language of uiLanguages) {
			const translation = translations[`./locales/${language}/index.ts`]
			expect(translation, language).toBeDefined()
			expect(Object.keys(translation ?? {}).sort(), language).toEqual([...namespaces].sort())
		}
	})

	it.each(uiLanguages.filter((language) => language !== "en"))(
		"into %s have English's keys, the language's plural forms, and English's placeholders and code",
		(language) => {
			const translation = translations[`./locales/${language}/index.ts`] ?? {}
			const problems = namespaces.flatMap((namespace) =>
				translationProblems(
					flat(english[namespace]),
					flat(translation[namespace] ?? {}),
					i18nextPlaceholders,
					language,
				).map((problem) => `${namespace}: ${problem}`),
			)
			expect(problems).toEqual([])
		},
	)
})

describe("the webview's language", () => {
	function LoadingLabel() {
		const { t } = useTranslation("app")
		return <p>{t("loadingView")}</p>
	}

	it("is the one the host wrote into the page, or English for a tag it has no translation for", () => {
		expect(uiLanguageOf("ja")).toBe("ja")
		expect(uiLanguageOf("pt-BR")).toBe("pt-BR")
		expect(uiLanguageOf("it")).toBe("en")
		expect(uiLanguageOf(null)).toBe("en")
	})

	it("switches the rendered text and the page's lang attribute, loading the translation on first use", async () => {
		render(<LoadingLabel />)
		expect(screen.getByText("Loading the view…")).toBeDefined()
		expect(i18n.hasResourceBundle("de", "app")).toBe(false)
		await showLanguage("de")
		expect(await screen.findByText("Ansicht wird geladen…")).toBeDefined()
		expect(document.documentElement.lang).toBe("de")
		await showLanguage("en")
		expect(await screen.findByText("Loading the view…")).toBeDefined()
	})
})
