import { mkdtemp, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { uiLanguages } from "@cairn/types"
import { i18nextPlaceholders, translationProblems } from "@cairn/types/test-support/translations"
import { PassThrough } from "node:stream"
import { afterEach, describe, expect, it } from "vitest"
import { main } from "../cli/main.js"
import { cliLanguage, t, useCliLanguage } from "./cliI18n.js"
import en from "./locales/en.json" with { type: "json" }
import { cliResources } from "./resources.js"

afterEach(() => useCliLanguage("en"))

/** "section.name" → text, as the checker compares them. */
function flat(messages: Record<string, Record<string, string>>): Record<string, string> {
	return Object.fromEntries(
		Object.entries(messages).flatMap(([section, names]) =>
			Object.entries(names).map(([name, text]) => [`${section}.${name}`, text]),
		),
	)
}

describe("the CLI's translations", () => {
	it.each(uiLanguages.filter((language) => language !== "en"))(
		"into %s have English's keys, the language's plural forms, and English's placeholders and code",
		async (language) => {
			expect(
				translationProblems(
					flat(en),
					flat(await cliResources[language]()),
					i18nextPlaceholders,
					language,
				),
			).toEqual([])
		},
	)

	it("interpolate and pluralize through i18next, by each language's plural rules", async () => {
		expect(t("mcp.tools", { count: 1 })).toBe("1 tool")
		expect(t("mcp.tools", { count: 3 })).toBe("3 tools")
		await useCliLanguage("ru")
		expect(t("mcp.tools", { count: 1 })).toBe("1 инструмент")
		expect(t("mcp.tools", { count: 3 })).toBe("3 инструмента")
		expect(t("mcp.tools", { count: 5 })).toBe("5 инструментов")
		await useCliLanguage("ja")
		expect(t("outcome.failed", { error: "<boom> & co" })).toBe("タスクが失敗しました: <boom> & co")
	})
})

describe("the CLI's language", () => {
	const homes: string[] = []
	afterEach(async () => {
		for (const home of homes.splice(0)) await rm(home, { recursive: true, force: true })
	})
	async function cairnHome(settings?: object): Promise<string> {
		const home = await mkdtemp(path.join(os.tmpdir(), "cairn-cli-language-"))
		homes.push(home)
		if (settings) await writeFile(path.join(home, "state.json"), JSON.stringify({ settings }))
		return home
	}

	it("is the locale of the environment without a setting, English without either", async () => {
		expect(await cliLanguage({ LANG: "de_DE.UTF-8" }, await cairnHome())).toBe("de")
		expect(await cliLanguage({ LC_ALL: "zh_TW.UTF-8", LANG: "de_DE.UTF-8" }, await cairnHome())).toBe(
			"zh-TW",
		)
		expect(await cliLanguage({ LANG: "C.UTF-8" }, await cairnHome())).toBe("en")
	})

	it("is the saved setting's over the environment, and the environment's when it is auto", async () => {
		expect(await cliLanguage({ LANG: "de_DE.UTF-8" }, await cairnHome({ language: "ko" }))).toBe("ko")
		expect(await cliLanguage({ LANG: "de_DE.UTF-8" }, await cairnHome({ language: "auto" }))).toBe("de")
	})
})

describe("cairn in the person's language", () => {
	async function run(
		argv: string[],
		env: NodeJS.ProcessEnv,
	): Promise<{ code: number; out: string; err: string }> {
		const home = await mkdtemp(path.join(os.tmpdir(), "cairn-cli-main-"))
		let out = ""
		let err = ""
		try {
			const code = await main({
				argv,
				env: { ...env, CAIRN_HOME: home },
				cwd: home,
				stdin: new PassThrough(),
				stdout: { write: (text: string) => (out += text) },
				stderr: { write: (text: string) => (err += text) },
				onSignal: () => {},
			})
			return { code, out, err }
		} finally {
			await rm(home, { recursive: true, force: true })
		}
	}

	it("prints its help and usage errors in the locale's language", async () => {
		const help = await run(["--help"], { LANG: "ja_JP.UTF-8" })
		expect(help.code).toBe(0)
		expect(help.out).toContain("このヘルプを表示します")
		expect(help.out).toMatch(/作業するモード \(code, architect, .+、またはカスタム モードのスラッグ\)/)
		const usage = await run(["checkpoints", "abc", "diff"], { LC_ALL: "ru_RU.UTF-8" })
		expect(usage.code).toBe(2)
		expect(usage.err).toBe("cairn: для diff нужен идентификатор контрольной точки\n")
	})

	it("lists in the language's way inside a translated error", async () => {
		const twice = await run(["-P", "a", "b"], { LANG: "de_DE.UTF-8" })
		expect(twice.code).toBe(2)
		expect(twice.err).toBe("cairn: den Prompt nur einmal angeben, nicht als Argument und -P/--prompt\n")
	})

	it("writes commander's own words in the help (headings, choices, default) in the language", async () => {
		const help = await run(["--help"], { LANG: "fr_FR.UTF-8" })
		expect(help.out).toMatch(/^Utilisation\u00a0: cairn /)
		expect(help.out).toContain("\nArguments\u00a0:\n")
		expect(help.out).toContain("\nOptions\u00a0:\n")
		expect(help.out).toContain("\nCommandes\u00a0:\n")
		expect(help.out.replace(/[ \n]+/g, " ")).toContain(
			'(choix\u00a0: "text", "json", "stream-json"\u00a0; par défaut\u00a0: "text")',
		)
		const english = await run(["--help"], {})
		expect(english.out).toMatch(/^Usage: cairn /)
		expect(english.out.replace(/\s+/g, " ")).toContain(
			'(choices: "text", "json", "stream-json", default: "text")',
		)
	})

	it("stays English without a locale", async () => {
		expect((await run(["--help"], {})).out).toContain("show this help")
	})
})
