// The extension host's memory with Cairn (issue 37, item 1: its added memory after activation with
// an idle Cairn view, target <= 40 MB). Each round starts two fresh code-servers in turn, as the
// e2e suites do (e2e/lib/codeServer.mjs): one with the packaged vsix installed, its view opened
// and showing the agent's state; one without Cairn, the same workbench and workspace. When the
// editor has settled, the extension host's PSS (and RSS) is read from /proc several times and
// the last reading kept. Prints figures; not a test. Wait for a load under 6 (`uptime`) first.
//
//   npm run package && node bench/extension-memory.mjs [--runs 3] [--settle-ms 5000] [--vsix file]
import { readdirSync, readFileSync } from "node:fs"
import os from "node:os"
import { parseArgs } from "node:util"
import { launchBrowser } from "../e2e/lib/browser.mjs"
import { startCodeServer } from "../e2e/lib/codeServer.mjs"
import { extensionId, viewContainerTitle, vsixPath } from "../e2e/lib/paths.mjs"
import { activityBarItem, waitForWorkbench, webviewContent } from "../e2e/lib/workbench.mjs"
import { pssOf } from "./processTree.mjs"
import { median } from "./statistics.mjs"

const { values } = parseArgs({
	options: {
		runs: { type: "string", default: "3" },
		"settle-ms": { type: "string", default: "5000" },
		vsix: { type: "string", default: vsixPath },
	},
	strict: true,
})
const runs = Number(values.runs)
const settleMs = Number(values["settle-ms"])
const targetMb = 40
const mb = (bytes) => bytes / 2 ** 20

/** The extension host of the code-server whose home is `home` (its environment names that home). */
function extensionHostOf(home) {
	for (const name of readdirSync("/proc")) {
		if (!/^\d+$/.test(name)) continue
		try {
			const command = readFileSync(`/proc/${name}/cmdline`, "utf8")
			if (!command.includes("--type=extensionHost")) continue
			const environment = readFileSync(`/proc/${name}/environ`, "utf8").split("\0")
			if (environment.includes(`XDG_CONFIG_HOME=${home}/xdg/config`)) return Number(name)
		} catch {
			// Gone meanwhile, or not ours to read.
		}
	}
	return undefined
}

function rssOf(pid) {
	const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))
	return kb ? Number(kb[1]) * 1024 : undefined
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** One editor, with or without Cairn: the extension host's memory once the editor is idle. */
async function measureOnce(withCairn) {
	const server = await startCodeServer({
		...(withCairn && { vsix: values.vsix }),
		label: `code-server (extension memory, ${withCairn ? "with" : "without"} Cairn)`,
	})
	const { browser, context } = await launchBrowser()
	try {
		const page = await context.newPage()
		await page.goto(server.workspaceUrl(), { waitUntil: "domcontentloaded" })
		await waitForWorkbench(page)
		if (withCairn) {
			const icon = activityBarItem(page, viewContainerTitle)
			await icon.waitFor({ timeout: 30_000 })
			await icon.click()
			// The version shows once the agent has answered the view's first message.
			await webviewContent(page, extensionId).getByTestId("version").waitFor({ timeout: 60_000 })
		}
		await sleep(settleMs)
		const pid = extensionHostOf(server.dirs.home)
		if (pid === undefined) throw new Error("no extension host found for this code-server")
		// The last of a few readings a second apart: the host's own start-up garbage is collected by then.
		let reading
		for (let i = 0; i < 5; i++) {
			reading = { pss: pssOf(pid), rss: rssOf(pid) }
			await sleep(1_000)
		}
		return reading
	} finally {
		await browser.close().catch(() => {})
		await server.stop()
	}
}

const results = { with: [], without: [] }
for (let run = 1; run <= runs; run++) {
	// Alternating, so both see the same load.
	for (const variant of run % 2 === 1 ? ["with", "without"] : ["without", "with"]) {
		const reading = await measureOnce(variant === "with")
		results[variant].push(reading)
		console.log(
			`run ${run}, ${variant} Cairn: extension host PSS ${mb(reading.pss).toFixed(1)} MB, RSS ${mb(reading.rss).toFixed(1)} MB (load ${os.loadavg()[0].toFixed(1)})`,
		)
	}
}
const pss = (variant) => median(results[variant].map((r) => r.pss))
const rss = (variant) => median(results[variant].map((r) => r.rss))
const added = mb(pss("with") - pss("without"))
console.log(
	`medians of ${runs}: extension host PSS ${mb(pss("with")).toFixed(1)} MB with Cairn, ${mb(pss("without")).toFixed(1)} MB without; ` +
		`RSS ${mb(rss("with")).toFixed(1)} / ${mb(rss("without")).toFixed(1)} MB`,
)
console.log(
	`Cairn's added PSS: ${added.toFixed(1)} MB (target <= ${targetMb} MB: ${added <= targetMb ? "PASS" : "MISS"})`,
)
