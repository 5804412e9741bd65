import type { UiLanguage } from "@cairn/types/i18n/language"

export interface WebviewHtmlInput {
	/** The language of Cairn's text, so the webview's first paint is already in it. */
	language: UiLanguage
	/** The webview's `cspSource`: the only origin its styles, fonts and images may come from. */
	cspSource: string
	nonce: string
	scriptUri: string
	/** The chunks the script imports, loaded alongside it (see entryChunks). */
	preloadUris: readonly string[]
	styleUri: string
	/** The view the page opens on: the task board (its view and tab), else the chat. */
	view?: "board"
}

function escapeAttribute(value: string): string {
	return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")
}

/**
 * The page around the Vite bundle. The CSP denies everything by default: no inline script
 * or eval, scripts only with this page's nonce, other resources only from the extension.
 */
export function webviewHtml({
	language,
	cspSource,
	nonce,
	scriptUri,
	preloadUris,
	styleUri,
	view,
}: WebviewHtmlInput): string {
	const csp = [
		"default-src 'none'",
		`script-src 'nonce-${nonce}'`,
		`style-src ${cspSource}`,
		`font-src ${cspSource}`,
		// Attached images travel as data URIs (pasted screenshots, transcript thumbnails).
		`img-src ${cspSource} data:`,
	].join("; ")
	const preloads = preloadUris.map(
		(uri) =>
			`<link rel="modulepreload" nonce="${escapeAttribute(nonce)}" href="${escapeAttribute(uri)}">\n`,
	)
	return `<!DOCTYPE html>
<html lang="${escapeAttribute(language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(styleUri)}">
${preloads.join("")}<title>Cairn</title>
</head>
<body>
<div id="root"${view === undefined ? "" : ` data-view="${escapeAttribute(view)}"`}></div>
<script type="module" nonce="${escapeAttribute(nonce)}" src="${escapeAttribute(scriptUri)}"></script>
</body>
</html>
`
}
