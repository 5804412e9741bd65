import { commonJsExports } from "../providers/wireHelpers.js"
import { capped, mentionBlock, mentionLimits, unresolvedBlock } from "./mentionBlock.js"

export const urlFetchLimits = {
	timeoutMs: 15_000,
	/** Bytes read of a page at most; the rest is not downloaded. */
	maxBytes: 2_000_000,
}

const textTypes = /^(text\/|application\/(json|xml|xhtml\+xml|javascript|x-yaml|yaml)\b)/i

/** HTML to Markdown by node-html-markdown, loaded on first use (it is only needed here). */
async function htmlToMarkdown(html: string): Promise<string> {
	const { NodeHtmlMarkdown } = commonJsExports(await import("node-html-markdown"), "NodeHtmlMarkdown")
	return NodeHtmlMarkdown.translate(html)
}

/** Reads at most `maxBytes` of the body, then stops the download. */
async function readCapped(
	response: Response,
	maxBytes: number,
): Promise<{ bytes: Uint8Array; cut: boolean }> {
	const reader = response.body?.getReader()
	if (reader === undefined) return { bytes: new Uint8Array(), cut: false }
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return { bytes: Buffer.concat(chunks), cut: false }
		chunks.push(value)
		size += value.length
		if (size >= maxBytes) {
			await reader.cancel()
			return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), cut: true }
		}
	}
}

/** `@https://…`: the page fetched, HTML turned into Markdown, other text as it is. */
export async function urlMention(url: string, signal?: AbortSignal): Promise<string> {
	const attributes = { url }
	let parsed: URL
	try {
		parsed = new URL(url)
	} catch {
		return unresolvedBlock("url_content", attributes, "it is not a valid URL")
	}
	if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
		return unresolvedBlock("url_content", attributes, "only http and https URLs can be fetched")
	const timeout = AbortSignal.timeout(urlFetchLimits.timeoutMs)
	try {
		const response = await fetch(parsed, {
			signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
			headers: { accept: "text/html, text/markdown, text/plain, application/json;q=0.9, */*;q=0.5" },
			redirect: "follow",
		})
		if (!response.ok)
			return unresolvedBlock(
				"url_content",
				attributes,
				`the server answered ${response.status} ${response.statusText}`.trim(),
			)
		const type = response.headers.get("content-type") ?? "text/plain"
		if (!textTypes.test(type)) {
			await response.body?.cancel()
			return unresolvedBlock("url_content", attributes, `it is not a text page (${type})`)
		}
		const { bytes, cut } = await readCapped(response, urlFetchLimits.maxBytes)
		const text = new TextDecoder("utf-8").decode(bytes)
		const isHtml = /html/i.test(type)
		const content = isHtml ? await htmlToMarkdown(text) : text
		const note = cut
			? `\n[… cut: the page is longer than ${urlFetchLimits.maxBytes} bytes; only its start was read]`
			: ""
		return mentionBlock("url_content", attributes, capped(content, mentionLimits.urlChars) + note)
	} catch (error) {
		const reason = timeout.aborted
			? `the server did not answer within ${urlFetchLimits.timeoutMs / 1000} seconds`
			: `it could not be fetched (${causeOf(error)})`
		return unresolvedBlock("url_content", attributes, reason)
	}
}

/** fetch's own message is "fetch failed"; the reason (ECONNREFUSED, a DNS failure) is its cause. */
function causeOf(error: unknown): string {
	const cause = (error as { cause?: { code?: string; message?: string } }).cause
	return cause?.code ?? cause?.message ?? (error as Error).message
}
