// Screenshots of the built webview with realistic transcripts in VS Code-like dark, light and
// high-contrast themes, for a person to look at. Writes artifacts/webview/*.png.
//   node bench/webview-screenshots.mjs [--no-build]
import { mkdirSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { buildWebview, launchBrowser, startServer, waitForLaunch, watchPage } from "./webview-harness.mjs"
import {
	boardCards,
	commandTranscript,
	longTranscript,
	reviewTranscript,
	stateOf,
	streamingTranscript,
} from "./webview-transcripts.mjs"

// The functions given to page.evaluate run in the browser page, not in Node.
/* global window, document */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const outDir = path.join(root, "artifacts", "webview")
const deadline = setTimeout(() => {
	console.error("screenshots: gave up after 120 s")
	process.exit(2)
}, 120_000)

if (!process.argv.includes("--no-build")) buildWebview()
mkdirSync(outDir, { recursive: true })
const server = await startServer()
const browser = await launchBrowser()
const problems = []

async function shoot(theme, name, setup) {
	const page = await browser.context.newPage()
	await page.setViewportSize({ width: 440, height: 900 })
	problems.push(...watchPage(page))
	await page.goto(server.url(theme))
	await waitForLaunch(page)
	await setup(page)
	// Let lazy grammars load and the list settle at its end.
	await page.waitForTimeout(700)
	const file = path.join(outDir, `${theme}-${name}.png`)
	await page.screenshot({ path: file })
	await page.close()
	return file
}

const post = (page, message) => page.evaluate((m) => window.postMessage(m, "*"), message)
const history = [
	{
		id: "t1",
		ts: Date.parse("2026-11-20T10:12:00Z"),
		task: "Fix the cart total when quantity > 1",
		tokensIn: 42_000,
		tokensOut: 3_100,
		totalCost: 0.31,
		status: "completed",
	},
	{
		id: "t2",
		ts: Date.parse("2026-11-18T16:40:00Z"),
		task: "Add a dark-mode toggle to the settings page and persist the choice in localStorage",
		tokensIn: 120_000,
		tokensOut: 9_800,
		totalCost: 1.12,
		status: "aborted",
	},
]

const files = []
const checks = []
try {
	for (const theme of ["dark", "light", "high-contrast"]) {
		files.push(
			await shoot(theme, "review", (page) =>
				post(page, { type: "state", state: stateOf(reviewTranscript()) }),
			),
		)
	}
	// Streaming: the list must stay pinned to the bottom while the last row grows, and offer a
	// way back once the person scrolls up.
	files.push(
		await shoot("dark", "streaming", async (page) => {
			const messages = streamingTranscript()
			await post(page, { type: "state", state: stateOf(messages) })
			await page.waitForTimeout(500)
			const last = messages.at(-1)
			let text = last.text
			for (let i = 1; i <= 60; i++) {
				text += i % 6 === 0 ? `\n\n- checked case ${i}` : ` step ${i} of the analysis,`
				await post(page, {
					type: "messageUpdated",
					taskId: "bench-task",
					seq: i,
					message: { ...last, text },
				})
				await page.waitForTimeout(33)
			}
			await page.waitForTimeout(300)
			const gap = await page.evaluate(() => {
				const scroller = document.querySelector("[data-virtuoso-scroller]")
				return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight
			})
			checks.push(`streaming: distance from the bottom after 60 updates: ${gap.toFixed(0)} px`)
		}),
	)
	files.push(
		await shoot("dark", "scrolled-up", async (page) => {
			const messages = longTranscript(200)
			await post(page, { type: "state", state: stateOf(messages) })
			await page.waitForTimeout(500)
			await page.mouse.move(200, 400)
			await page.mouse.wheel(0, -400)
			await page.waitForTimeout(300)
			const last = messages.at(-1)
			const text = `${last.text}\n\nMore text arrived while scrolled up.`
			await post(page, {
				type: "messageUpdated",
				taskId: "bench-task",
				seq: 1,
				message: { ...last, text },
			})
			await page.waitForTimeout(300)
			const jump = await page.getByRole("button", { name: "Jump to latest" }).count()
			checks.push(`scrolled up: "Jump to latest" shown: ${jump === 1 ? "yes" : "no"}`)
		}),
	)
	for (const theme of ["dark", "light"]) {
		files.push(
			await shoot(theme, "command", (page) =>
				post(page, { type: "state", state: stateOf(commandTranscript()) }),
			),
		)
		files.push(
			await shoot(theme, "settings", async (page) => {
				await post(page, { type: "state", state: stateOf([], { taskHistory: history }) })
				await post(page, { type: "action", action: "settingsButtonClicked" })
			}),
		)
		files.push(
			await shoot(theme, "history", async (page) => {
				await post(page, { type: "state", state: stateOf([], { taskHistory: history }) })
				await post(page, { type: "action", action: "historyButtonClicked" })
			}),
		)
		files.push(
			await shoot(theme, "board", async (page) => {
				await post(page, { type: "state", state: stateOf([]) })
				await page.getByRole("button", { name: "Tasks" }).click()
				await page.getByRole("main", { name: "Tasks" }).waitFor()
				await post(page, { type: "taskBoard", cards: boardCards(), running: 3, limit: 4 })
			}),
		)
		files.push(
			await shoot(theme, "welcome", (page) => {
				const state = stateOf([])
				delete state.settings.provider
				return post(page, { type: "state", state: { ...state, hasApiKey: false } })
			}),
		)
	}
	files.push(
		await shoot("dark", "board-compare", async (page) => {
			await post(page, { type: "state", state: stateOf([]) })
			await page.getByRole("button", { name: "Tasks" }).click()
			await post(page, { type: "taskBoard", cards: boardCards(), running: 3, limit: 4 })
			await page.getByRole("button", { name: "Compare best of N" }).first().click()
		}),
	)
	for (const file of files) console.log(path.relative(root, file))
	for (const check of checks) console.log(check)
	console.log(
		problems.length === 0 ? "no CSP violations or page errors" : `problems:\n${problems.join("\n")}`,
	)
} finally {
	await browser.close()
	await server.close()
	clearTimeout(deadline)
}
