import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { translationProblems, vscodePlaceholders } from "./packages/types/src/test-support/translations.js"
import { getL10nJson } from "@vscode/l10n-dev"
import { describe, expect, it } from "vitest"

// The extension's translations: package.nls.<locale>.json for what package.json contributes, and
// l10n/bundle.l10n.<locale>.json for the host's vscode.l10n.t strings. VS Code's locale ids.
const locales = ["zh-cn", "zh-tw", "ja", "ko", "es", "pt-br", "de", "fr", "ru", "tr"]
const root = import.meta.dirname

function readJson(file: string): Record<string, unknown> {
	return JSON.parse(readFileSync(path.join(root, file), "utf8")) as Record<string, unknown>
}

function sourceFiles(folder: string): string[] {
	return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
		.filter((file) => file.endsWith(".ts"))
		.map((file) => path.join(folder, file))
}

describe("package.json's contributions", () => {
	const manifest = readFileSync(path.join(root, "package.json"), "utf8")
	const english = readJson("package.nls.json")
	const referenced = new Set([...manifest.matchAll(/"%([^"%]+)%"/g)].map((match) => match[1]))

	it("name only keys package.nls.json has, and it has no key nothing names", () => {
		expect([...referenced].filter((key) => !(key in english))).toEqual([])
		expect(Object.keys(english).filter((key) => !referenced.has(key))).toEqual([])
	})

	it("leave no person-facing text untranslated", () => {
		const contributes = (JSON.parse(manifest) as { contributes: unknown }).contributes
		const untranslated: string[] = []
		JSON.stringify(contributes, (key, value: unknown) => {
			if (["title", "description", "markdownDescription"].includes(key) && typeof value === "string")
				if (!/^%[^%]+%$/.test(value) && value !== "Cairn") untranslated.push(`${key}: ${value}`)
			return value
		})
		expect(untranslated).toEqual([])
	})

	it.each(locales)("are translated into %s with the same keys, placeholders and code", (locale) => {
		expect(
			translationProblems(english, readJson(`package.nls.${locale}.json`), vscodePlaceholders),
		).toEqual([])
	})
})

describe("the host's vscode.l10n strings", () => {
	it("are exported to l10n/bundle.l10n.json exactly as the code has them (npm run l10n:export)", async () => {
		const files = sourceFiles("src").map((file) => ({
			extension: ".ts",
			contents: readFileSync(path.join(root, file), "utf8"),
		}))
		const inCode = await getL10nJson(files)
		expect(Object.keys(readJson("l10n/bundle.l10n.json")).sort()).toEqual(Object.keys(inCode).sort())
	})

	it.each(locales)("are translated into %s with the same strings and placeholders", (locale) => {
		const english = readJson("l10n/bundle.l10n.json")
		expect(
			translationProblems(english, readJson(`l10n/bundle.l10n.${locale}.json`), vscodePlaceholders),
		).toEqual([])
	})

	it("are packaged with the extension", () => {
		const ignore = readFileSync(path.join(root, ".vscodeignore"), "utf8").split("\n")
		expect(ignore).toContain("!package.nls*.json")
		expect(ignore).toContain("!l10n/**")
		expect(
			(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { l10n?: string }).l10n,
		).toBe("./l10n")
	})
})
