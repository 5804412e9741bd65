// Serves the built webview (webview-ui/build) with a page like the one the extension host
// writes: the same strict CSP (nonce-only scripts, resources from the page's own origin only),
// with acquireVsCodeApi stubbed to record what the UI posts. Used by webview-render.mjs and
// webview-screenshots.mjs.
import { execFileSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"
import { themeCss } from "./webview-themes.mjs"

// The functions given to page.waitForFunction run in the browser page, not in Node.
/* global window, document */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const buildDir = path.join(root, "webview-ui", "build")

export function buildWebview() {
	execFileSync("npm", ["run", "build", "-w", "@cairn/webview-ui"], { cwd: root, stdio: "ignore" })
	if (!existsSync(path.join(buildDir, "assets", "index.js")))
		throw new Error("the webview build has no assets/index.js")
}

const types = {
	".js": "text/javascript",
	".css": "text/css",
	".ttf": "font/ttf",
	".map": "application/json",
	".html": "text/html",
}

/** The chunks the entry imports, as the host reads them from the build's manifest (entryChunks.ts). */
function entryChunks() {
	const manifest = JSON.parse(readFileSync(path.join(buildDir, "manifest.json"), "utf8"))
	const files = new Set()
	const visit = (keys = []) => {
		for (const key of keys) {
			const file = manifest[key]?.file
			if (typeof file !== "string" || files.has(file)) continue
			files.add(file)
			visit(manifest[key].imports)
		}
	}
	visit(Object.values(manifest).find((chunk) => chunk.isEntry)?.imports)
	return [...files]
}

function page(theme) {
	const nonce = randomBytes(16).toString("base64")
	const preloads = entryChunks()
		.map((file) => `<link rel="modulepreload" nonce="${nonce}" href="/build/${file}">`)
		.join("\n")
	// The host's CSP (src/webview/webviewHtml.ts) with 'self' standing for the webview's cspSource,
	// plus data: images, which user-attached images need.
	const csp = [
		"default-src 'none'",
		`script-src 'nonce-${nonce}'`,
		"style-src 'self'",
		"font-src 'self'",
		"img-src 'self' data:",
	].join("; ")
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="/theme/${theme}.css">
<link rel="stylesheet" href="/build/assets/index.css">
${preloads}
<title>Cairn harness</title>
</head>
<body>
<div id="root"></div>
<script nonce="${nonce}">
window.__posted = []
window.__cairnRenderProbe = { rowRenders: 0 }
window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(m), getState() {}, setState() {} })
</script>
<script type="module" nonce="${nonce}" src="/build/assets/index.js"></script>
</body>
</html>`
}

/** Starts the server on 127.0.0.1 with a free port. */
export async function startServer() {
	const server = createServer((request, response) => {
		const url = new URL(request.url ?? "/", "http://127.0.0.1")
		if (url.pathname === "/" || url.pathname === "/index.html") {
			response.writeHead(200, { "content-type": "text/html" })
			return response.end(page(url.searchParams.get("theme") ?? "dark"))
		}
		const theme = /^\/theme\/([a-z-]+)\.css$/.exec(url.pathname)
		if (theme) {
			response.writeHead(200, { "content-type": "text/css" })
			return response.end(themeCss(theme[1]))
		}
		if (url.pathname.startsWith("/build/")) {
			const file = path.join(buildDir, path.normalize(url.pathname.slice("/build/".length)))
			if (file.startsWith(buildDir) && existsSync(file)) {
				response.writeHead(200, {
					"content-type": types[path.extname(file)] ?? "application/octet-stream",
				})
				return response.end(readFileSync(file))
			}
		}
		response.writeHead(404)
		response.end()
	})
	await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
	const { port } = server.address()
	return {
		url: (theme = "dark") => `http://127.0.0.1:${port}/?theme=${theme}`,
		close: () => new Promise((resolve) => server.close(resolve)),
	}
}

/** Debian's Chromium, headless, with nothing that reaches the network. */
export async function launchBrowser() {
	if (!existsSync("/usr/bin/chromium"))
		throw new Error(
			"Debian's Chromium is missing: apt-get install -y chromium (never `playwright install`)",
		)
	const profile = mkdtempSync(path.join(tmpdir(), "cairn-webview-"))
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: "/usr/bin/chromium",
		headless: true,
		timeout: 30_000,
		args: [
			"--headless",
			"--no-sandbox",
			"--disable-gpu",
			"--disable-quic",
			"--no-first-run",
			"--disable-background-networking",
			"--disable-component-update",
			"--disable-sync",
			"--enable-precise-memory-info",
		],
	})
	return {
		context,
		close: async () => {
			await context.close().catch(() => {})
			rmSync(profile, { recursive: true, force: true })
		},
	}
}

/** Collects CSP violations and page errors, which must stay empty. */
export function watchPage(page) {
	const problems = []
	page.on("console", (message) => {
		if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text())
	})
	page.on("pageerror", (error) => problems.push(`page error: ${error.message}`))
	return problems
}

/**
 * Waits until the app listens for host messages (it has said webviewDidLaunch) and has drawn its
 * first screen. The page says webviewDidLaunch before React renders, so the host's answer travels
 * meanwhile; a state posted at once would time the app's start-up as well as the task's rows.
 */
export async function waitForLaunch(page) {
	await page.waitForFunction(
		() =>
			window.__posted?.some((m) => m.type === "webviewDidLaunch") &&
			document.querySelector("#root .app") !== null,
		null,
		{ timeout: 15_000 },
	)
}
