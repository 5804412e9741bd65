// Cairn in the person's language, in the real editor: a task run in English, then Japanese and
// German chosen in the Settings view (the `cairn.language` user setting). Each time the open
// webview switches to that language, and the chat, history and settings views show its text, none of
// English's where the language words it differently, and no text wider than its control.
// Screenshots: test-results/e2e/i18n-<language>-<view>.png.
import { readFileSync } from "node:fs"
import path from "node:path"
import { startEditorSession } from "./lib/editorSession.mjs"
import { eventually } from "./lib/eventually.mjs"
import { createSuite } from "./lib/harness.mjs"
import { overflowsIn, textsIn } from "./lib/pageText.mjs"
import { message, messages, untranslatedIn } from "./lib/translatedText.mjs"
import { runCommand } from "./lib/workbench.mjs"

const task = "Write the README"
const result = "The README is written."
const scenario = [{ toolCalls: [{ name: "attempt_completion", arguments: { result } }] }]

const languages = ["ja", "de"]
// Every part of the webview: the navigation and shared words show in each view.
const namespaces = [
	"app",
	"chat",
	"common",
	"content",
	"history",
	"mcp",
	"modes",
	"nav",
	"rows",
	"settings",
	"subtasks",
	"welcome",
]
const chatNamespaces = ["chat", "rows", "content"]

/** The `cairn.language` value in the user's settings.json. */
function languageSetting(server) {
	const file = path.join(server.dirs.userData, "User/settings.json")
	return JSON.parse(readFileSync(file, "utf8"))["cairn.language"]
}

/**
 * The view shows text of `own` namespaces in `language`, no English text that the language
 * words differently, and nothing overflowing its control.
 */
async function expectReadable(frame, language, own) {
	const texts = await textsIn(frame)
	const english = untranslatedIn(language, namespaces)
	const untranslated = [...new Set(texts.filter((text) => english.has(text)))]
	if (untranslated.length > 0)
		throw new Error(
			`English text in the ${language} view: ${untranslated.map((t) => `"${t}" (${english.get(t)})`).join(", ")}`,
		)
	const translated = new Set(
		own.flatMap((namespace) => {
			const englishOnes = messages("en", namespace)
			return Object.entries(messages(language, namespace))
				.filter(([key, text]) => englishOnes[key] !== text)
				.map(([, text]) => text)
		}),
	)
	if (!texts.some((text) => translated.has(text)))
		throw new Error(`no text of ${own.join(", ")} in ${language} is shown`)
	const overflows = await overflowsIn(frame)
	if (overflows.length > 0)
		throw new Error(`text overflows its control in ${language}:\n${overflows.join("\n")}`)
}

export async function runI18nTests() {
	const session = await startEditorSession({ name: "i18n", scenario })
	const { page, server, sidebar, screenshot } = session
	const suite = createSuite("i18n")

	suite.test(
		"a task run in English, to look back on in each language",
		async () => {
			await session.openCairn()
			const box = session.chatBox()
			await box.fill(task)
			await box.press("Enter")
			await sidebar().getByText(result).first().waitFor({ timeout: 30_000 })
		},
		{ timeoutMs: 90_000 },
	)

	for (const language of languages) {
		suite.test(
			`${language}: chosen in the Settings view's Language section, it is the cairn.language user setting and the view switches`,
			async () => {
				await runCommand(page, "Cairn: Settings")
				// Found by its options, which name each language in its own words whatever is shown now.
				const picker = sidebar().locator(`select:has(option[lang="${language}"])`)
				await picker.selectOption(language, { timeout: 15_000 })
				await sidebar()
					.locator(`html[lang="${language}"]`)
					.waitFor({ state: "attached", timeout: 20_000 })
				await eventually(
					() => languageSetting(server) === language,
					`cairn.language ${language} in the user's settings.json`,
				)
			},
			{ timeoutMs: 45_000 },
		)

		suite.test(`${language}: the settings view`, async () => {
			const settings = sidebar().getByRole("main", { name: message(language, "settings", "title") })
			await settings
				.getByRole("heading", { name: message(language, "settings", "autoApproval.title") })
				.waitFor({ timeout: 15_000 })
			await screenshot(`${language}-settings`)
			await expectReadable(sidebar(), language, ["settings"])
		})

		suite.test(`${language}: the history view`, async () => {
			await runCommand(page, "Cairn: History")
			const history = sidebar().getByRole("main", { name: message(language, "history", "title") })
			await history
				.getByRole("searchbox", { name: message(language, "history", "search") })
				.waitFor({ timeout: 15_000 })
			await history.getByRole("article", { name: task }).waitFor({ timeout: 15_000 })
			await screenshot(`${language}-history`)
			await expectReadable(sidebar(), language, ["history"])
		})

		suite.test(`${language}: the chat view, the task reopened from the history`, async () => {
			const history = sidebar().getByRole("main", { name: message(language, "history", "title") })
			await history.getByRole("button", { name: task }).click()
			await sidebar().getByText(result).first().waitFor({ timeout: 15_000 })
			await screenshot(`${language}-chat`)
			await expectReadable(sidebar(), language, chatNamespaces)
		})
	}

	return session.run(suite)
}
