// Webview render benchmark (prints figures; not a test). Builds the webview, serves it under
// the host's CSP with acquireVsCodeApi stubbed, and drives it in Debian's Chromium:
//   1. the `state` the host posts for a 10,000-message task (its newest page and the task's
//      summary, built by the host's own functions: see protocol.mjs): its size, and the time
//      from posting it to its rows being painted;
//   2. the JS heap after loading it (after a forced GC);
//   3. 200 `messageUpdated` partial updates of the last message: time per update until the
//      DOM shows it, and how many message rows re-rendered for each (budget: one);
//   4. the JS heap after streaming.
//   node bench/webview-render.mjs [--no-build] [--messages N] [--updates N] [--runs N]
import { performance } from "node:perf_hooks"
import { median, numberArg, percentile } from "./statistics.mjs"
import { buildWebview, launchBrowser, startServer, waitForLaunch, watchPage } from "./webview-harness.mjs"
import { longTranscript, stateOf } from "./webview-transcripts.mjs"

// The functions given to page.evaluate run in the browser page, not in Node.
/* global window, document, requestAnimationFrame, MutationObserver */

const messageCount = numberArg("--messages", 10_000)
const updateCount = numberArg("--updates", 200)
const runs = numberArg("--runs", 3)

const deadline = setTimeout(() => {
	console.error("webview-render: gave up after 240 s")
	process.exit(2)
}, 240_000)

const ms = (value) => `${value.toFixed(1)} ms`

if (!process.argv.includes("--no-build")) {
	const started = performance.now()
	buildWebview()
	console.log(`built webview-ui in ${ms(performance.now() - started)}`)
}

const server = await startServer()
const browser = await launchBrowser()
const problems = []

/** In the page: post the snapshot and resolve once its last row is in the DOM and painted. */
function measureFirstRender(state) {
	const lastTs = state.clineMessages.at(-1).ts
	return new Promise((resolve) => {
		const started = performance.now()
		window.postMessage({ type: "state", state }, "*")
		const check = () => {
			const list = document.querySelector("[data-testid=virtuoso-item-list]")
			const shown = list !== null && list.style.visibility !== "hidden"
			if (shown && document.querySelector(`.row[data-ts="${lastTs}"]`) !== null) {
				// The next frame starts after this one was painted.
				requestAnimationFrame(() =>
					resolve({
						ms: performance.now() - started,
						rows: document.querySelectorAll(".row").length,
					}),
				)
			} else requestAnimationFrame(check)
		}
		requestAnimationFrame(check)
	})
}

/** In the page: stream `count` growing versions of the last message, one at a time. */
async function measureStreaming({ message, count }) {
	const probe = window.__cairnRenderProbe
	const times = []
	const renders = []
	let text = message.text
	for (let i = 0; i < count; i++) {
		text += ` token${i}`
		const marker = `token${i}`
		const row = () => document.querySelector(`.row[data-ts="${message.ts}"]`)
		probe.rowRenders = 0
		const started = performance.now()
		await new Promise((resolve) => {
			const observer = new MutationObserver(() => {
				if (row()?.textContent.includes(marker)) {
					observer.disconnect()
					resolve()
				}
			})
			observer.observe(document.body, { subtree: true, childList: true, characterData: true })
			window.postMessage(
				{ type: "messageUpdated", taskId: "bench-task", seq: i + 1, message: { ...message, text } },
				"*",
			)
		})
		times.push(performance.now() - started)
		renders.push(probe.rowRenders)
		// The host coalesces partial updates to ~30 a second; give each its own frame.
		await new Promise((resolve) => requestAnimationFrame(resolve))
	}
	return { times, renders }
}

try {
	const firstRenders = []
	let rowsMounted = 0
	let streaming
	let heapUsed
	let heapLoaded
	let stateBytes = 0
	let builtMs = 0
	for (let run = 0; run < runs; run++) {
		const page = await browser.context.newPage()
		await page.setViewportSize({ width: 440, height: 900 })
		problems.push(...watchPage(page))
		await page.goto(server.url("dark"))
		await waitForLaunch(page)
		const transcript = longTranscript(messageCount)
		const building = performance.now()
		const state = stateOf(transcript)
		builtMs = performance.now() - building
		stateBytes = Buffer.byteLength(JSON.stringify({ type: "state", state }))
		const first = await page.evaluate(measureFirstRender, state)
		firstRenders.push(first.ms)
		rowsMounted = first.rows

		if (run === runs - 1) {
			const cdp = await page.context().newCDPSession(page)
			const heapNow = async () => {
				await cdp.send("HeapProfiler.collectGarbage")
				return (await cdp.send("Runtime.getHeapUsage")).usedSize
			}
			heapLoaded = await heapNow()
			const last = state.clineMessages.at(-1)
			streaming = await page.evaluate(measureStreaming, { message: last, count: updateCount })
			heapUsed = await heapNow()
		}
		await page.close()
	}

	console.log(
		`\nwebview render benchmark (${messageCount.toLocaleString("en")} messages, ${updateCount} streaming updates)`,
	)
	console.log(
		`first state post: ${(stateBytes / 1024).toFixed(1)} KB (target < 100 KB); built on the host side in ${ms(builtMs)} (page + whole-task summary)`,
	)
	console.log(
		`first render, state posted -> rows painted: median ${ms(median(firstRenders))} (runs: ${firstRenders.map(ms).join(", ")}; target < 200 ms)`,
	)
	console.log(
		`JS heap after loading (after GC): ${(heapLoaded / 1024 / 1024).toFixed(1)} MB (target < 30 MB)`,
	)
	console.log(`rows mounted after first render: ${rowsMounted} of ${messageCount.toLocaleString("en")}`)
	console.log(
		`streaming update, posted -> DOM updated: median ${ms(median(streaming.times))}, p95 ${ms(percentile(streaming.times, 0.95))}, max ${ms(Math.max(...streaming.times))}`,
	)
	console.log(
		`message rows re-rendered per update: median ${median(streaming.renders)}, max ${Math.max(...streaming.renders)} (budget: 1)`,
	)
	console.log(`JS heap after loading and streaming (after GC): ${(heapUsed / 1024 / 1024).toFixed(1)} MB`)
	console.log(
		problems.length === 0 ? "CSP violations / page errors: none" : `problems:\n${problems.join("\n")}`,
	)
} finally {
	await browser.close()
	await server.close()
	clearTimeout(deadline)
}
