import { describe, expect, it } from "vitest"
import { webviewHtml } from "./webviewHtml"

describe("webviewHtml", () => {
	it("preloads the entry's chunks under the page's nonce, which the CSP requires of every script", () => {
		const html = webviewHtml({
			language: "en",
			cspSource: "https://webview.example",
			nonce: "n0nce",
			scriptUri: "https://webview.example/assets/index.js",
			preloadUris: ["https://webview.example/assets/shared.js", 'https://webview.example/a"b.js'],
			styleUri: "https://webview.example/assets/index.css",
		})
		expect(html).toContain("script-src 'nonce-n0nce'")
		expect(html).toContain(
			'<link rel="modulepreload" nonce="n0nce" href="https://webview.example/assets/shared.js">',
		)
		// A URI cannot end the attribute it is written in.
		expect(html).toContain('href="https://webview.example/a&quot;b.js"')
		expect(html.indexOf("modulepreload")).toBeLessThan(html.indexOf('<script type="module"'))
	})

	it("opens the task board's view and tab on the board, and every other page on the chat", () => {
		const page = {
			language: "en" as const,
			cspSource: "https://webview.example",
			nonce: "n0nce",
			scriptUri: "https://webview.example/assets/index.js",
			preloadUris: [],
			styleUri: "https://webview.example/assets/index.css",
		}
		expect(webviewHtml({ ...page, view: "board" })).toContain('<div id="root" data-view="board"></div>')
		expect(webviewHtml(page)).toContain('<div id="root"></div>')
	})
})
