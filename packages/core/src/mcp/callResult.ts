import type { CallToolResult, ReadResourceResult } from "@modelcontextprotocol/sdk/types.js"
import type { ImageBlock, TextBlock } from "../providers/apiMessage.js"

/** What a call gives the model, and what its `mcp_server_response` row shows. */
export interface ConvertedResult {
	content: (TextBlock | ImageBlock)[]
	isError: boolean
	rowText: string
}

/**
 * Text a result may bring into the context before it is cut. The context's own cap (by tokens,
 * where results enter the history) applies too; this one keeps a runaway server from handing
 * the task megabytes to count.
 */
export const maxResultChars = 200_000
/** Larger images are described instead of sent (providers refuse images of more than ~5 MB). */
const maxImageBytes = 5 * 1024 * 1024
const rowChars = 20_000

type ContentItem = CallToolResult["content"][number]
type ResourceContents = ReadResourceResult["contents"][number]

const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4)
const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`)

function resourceText(contents: ResourceContents): string {
	const head = `[Resource ${contents.uri}${contents.mimeType ? ` (${contents.mimeType})` : ""}]`
	if ("text" in contents && typeof contents.text === "string") return `${head}\n${contents.text}`
	const blob = "blob" in contents && typeof contents.blob === "string" ? contents.blob : ""
	return `${head} binary content, ${size(base64Bytes(blob))}, not shown.`
}

function convertItem(
	item: ContentItem,
	takesImages: boolean,
): { block: TextBlock | ImageBlock; row: string } {
	switch (item.type) {
		case "text":
			return { block: { type: "text", text: item.text }, row: item.text }
		case "image": {
			const bytes = base64Bytes(item.data)
			const name = `[image ${item.mimeType}, ${size(bytes)}]`
			if (takesImages && bytes <= maxImageBytes)
				return { block: { type: "image", mediaType: item.mimeType, data: item.data }, row: name }
			const why = takesImages ? "too large to send" : "the model does not take images"
			return { block: { type: "text", text: `${name} not shown: ${why}.` }, row: name }
		}
		case "audio": {
			const text = `[audio ${item.mimeType}, ${size(base64Bytes(item.data))}] not shown: audio is not supported.`
			return { block: { type: "text", text }, row: text }
		}
		case "resource": {
			const text = resourceText(item.resource)
			return { block: { type: "text", text }, row: text }
		}
		case "resource_link": {
			const details = [item.mimeType, item.description].filter(Boolean).join(", ")
			const text = `[Resource link ${item.name}: ${item.uri}${details ? ` (${details})` : ""}]`
			return { block: { type: "text", text }, row: text }
		}
		default:
			return {
				block: {
					type: "text",
					text: `[content of type ${(item as { type: string }).type} not shown]`,
				},
				row: "",
			}
	}
}

/** Cuts the text blocks once their total passes `maxResultChars`, saying so. */
function capText(blocks: (TextBlock | ImageBlock)[]): (TextBlock | ImageBlock)[] {
	let left = maxResultChars
	let cut = 0
	const capped = blocks.map((block) => {
		if (block.type !== "text") return block
		if (block.text.length <= left) {
			left -= block.text.length
			return block
		}
		cut += block.text.length - left
		const text = block.text.slice(0, left)
		left = 0
		return { ...block, text }
	})
	if (cut === 0) return capped
	return [
		...capped.filter((block) => block.type !== "text" || block.text !== ""),
		{ type: "text", text: `[The result was cut: ${cut} more characters were left out.]` },
	]
}

const rowOf = (parts: readonly string[]) => {
	const text = parts.filter((part) => part !== "").join("\n")
	return text.length > rowChars ? `${text.slice(0, rowChars)}…` : text
}

/** An MCP tool's result for the model and the person: text, images (where the model takes them), resources. */
export function convertToolResult(result: CallToolResult, takesImages: boolean): ConvertedResult {
	const converted = result.content.map((item) => convertItem(item, takesImages))
	// A server that only returns structured content still says something; compact, since the
	// model reads JSON as well without the indentation and every later request carries it.
	if (converted.length === 0 && result.structuredContent !== undefined) {
		const text = JSON.stringify(result.structuredContent)
		converted.push({ block: { type: "text", text }, row: text })
	}
	if (converted.length === 0)
		converted.push({ block: { type: "text", text: "(no content)" }, row: "(no content)" })
	const isError = result.isError === true
	const row = rowOf(converted.map((c) => c.row))
	return {
		content: capText(converted.map((c) => c.block)),
		isError,
		rowText: isError ? `Error: ${row}` : row,
	}
}

/** A resource's contents for the model and the person. */
export function convertResource(result: ReadResourceResult): ConvertedResult {
	const texts = result.contents.map(resourceText)
	return {
		content: capText(texts.map((text) => ({ type: "text" as const, text }))),
		isError: false,
		rowText: rowOf(texts),
	}
}
