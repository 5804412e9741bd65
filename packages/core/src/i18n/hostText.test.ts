import { uiLanguages } from "@cairn/types"
import { i18nextPlaceholders, translationProblems } from "@cairn/types/test-support/translations"
import { describe, expect, it } from "vitest"
import { hostResources } from "./hostResources.js"
import { hostText } from "./hostText.js"
import en from "./locales/en.json" with { type: "json" }

/** "section.name" → text, as the checker compares them. */
function flat(messages: Record<string, Record<string, string>>): Record<string, string> {
	return Object.fromEntries(
		Object.entries(messages).flatMap(([section, names]) =>
			Object.entries(names).map(([name, text]) => [`${section}.${name}`, text]),
		),
	)
}

describe("the core's text for the person", () => {
	it.each(uiLanguages.filter((language) => language !== "en"))(
		"in %s has English's keys, the language's plural forms, and English's placeholders and code",
		(language) => {
			expect(
				translationProblems(flat(en), flat(hostResources[language]), i18nextPlaceholders, language),
			).toEqual([])
		},
	)

	it("is in the language asked for on each call, with values as they are (not escaped as HTML)", () => {
		const path = "src/<a & b>.ts"
		expect(hostText("en")("workspace.notAFile", { path })).toBe("src/<a & b>.ts is not a file.")
		expect(hostText("ja")("workspace.notAFile", { path })).toBe(
			"src/<a & b>.ts はファイルではありません。",
		)
		expect(hostText("de")("workspace.notAFile", { path })).toBe("src/<a & b>.ts ist keine Datei.")
		expect(hostText("en")("models.chooseProvider")).toBe("Choose a provider first.")
	})

	it("counts by each language's plural rules, the endpoint's name translated too", () => {
		const ollama = (language: "en" | "ru" | "de") =>
			hostText(language)("connection.serverAt", { name: "Ollama", endpoint: "http://127.0.0.1:11434" })
		const lists = (language: "en" | "ru" | "de", count: number) =>
			hostText(language)("connection.lists", { endpoint: ollama(language), count })
		expect(lists("en", 1)).toBe("Connected to Ollama at http://127.0.0.1:11434: it lists 1 model.")
		expect(lists("en", 2)).toBe("Connected to Ollama at http://127.0.0.1:11434: it lists 2 models.")
		expect(lists("ru", 1)).toBe(
			"Подключено к Ollama по адресу http://127.0.0.1:11434: доступна 1 модель.",
		)
		expect(lists("ru", 3)).toBe(
			"Подключено к Ollama по адресу http://127.0.0.1:11434: доступно 3 модели.",
		)
		expect(lists("ru", 5)).toBe(
			"Подключено к Ollama по адресу http://127.0.0.1:11434: доступно 5 моделей.",
		)
		expect(lists("de", 1)).toBe("Verbunden mit Ollama unter http://127.0.0.1:11434: 1 Modell verfügbar.")
	})

	it("lists names as the language does", () => {
		expect(hostText("en").list(['"Claude"', '"Qwen"'])).toBe('"Claude", "Qwen"')
		expect(hostText("ja").list(["「Claude」", "「Qwen」"])).toBe("「Claude」、「Qwen」")
		expect(hostText("de").list(["A", "B", "C"])).toBe("A, B und C")
	})
})
