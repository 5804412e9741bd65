import { browserActionSchema, type BrowserActionResult, type ClineSayBrowserAction } from "@cairn/types"
import { z } from "zod"
import { chromiumPath } from "../browser/browserAvailability.js"
import type { BrowserPage, Viewport } from "../browser/browserLauncher.js"
import type { ImageBlock, TextBlock } from "../providers/apiMessage.js"
import { imageBlock } from "../providers/imageBlocks.js"
import type { PersonFeedback, ToolContext, ToolDefinition, ToolResult } from "./toolDefinition.js"
import { deniedResult, toolError, withFeedback } from "./support/toolResults.js"

const params = z.object({
	action: browserActionSchema.describe(
		"launch opens the browser at url; the others act on its page; close ends it.",
	),
	url: z.string().optional().describe("For launch: the page to open."),
	coordinate: z
		.string()
		.optional()
		.describe('For click and hover: "x,y" in pixels of the last screenshot.'),
	text: z.string().optional().describe("For type: the text to type."),
})
export type BrowserActionParams = z.infer<typeof params>

function viewportOf(size: string): Viewport {
	const [width, height] = size.split("x").map(Number)
	return { width: width ?? 900, height: height ?? 600 }
}

function pointOf(coordinate: string | undefined, viewport: Viewport): { x: number; y: number } | string {
	const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(coordinate ?? "")
	if (match === null) return 'coordinate must be "x,y" (two whole numbers of pixels).'
	const x = Number(match[1])
	const y = Number(match[2])
	if (x >= viewport.width || y >= viewport.height)
		return `coordinate ${x},${y} is outside the ${viewport.width}x${viewport.height} viewport.`
	return { x, y }
}

/** Only web pages: a file:// or javascript: URL would read the disk or run code past the path gate. */
function webUrl(url: string | undefined): string | undefined {
	if (url === undefined) return undefined
	try {
		const parsed = new URL(url)
		return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined
	} catch {
		return undefined
	}
}

/** The page after an action, for the model: a screenshot where it takes images, else words. */
function resultFor(
	result: BrowserActionResult,
	context: ToolContext,
	what: string,
	feedback?: PersonFeedback,
): ToolResult {
	const text = [
		`${what}. The page is now at ${result.currentUrl ?? "an unknown URL"}.`,
		result.logs ? `Console:\n${result.logs}` : "Console: (nothing logged)",
		...(context.modelTakesImages ? [] : ["(A screenshot was taken; this model cannot view images.)"]),
	].join("\n\n")
	const described = withFeedback(text, feedback)
	const screenshot = context.modelTakesImages ? imageBlock(result.screenshot ?? "") : undefined
	if (screenshot === undefined) return described
	const blocks: (TextBlock | ImageBlock)[] =
		typeof described.content === "string"
			? [{ type: "text", text: described.content }]
			: described.content
	return { content: [...blocks, screenshot] }
}

type PageAction = (page: BrowserPage) => Promise<void>

export const browserActionTool: ToolDefinition<BrowserActionParams> = {
	name: "browser_action",
	description: [
		"Drive a headless browser: launch it at a URL, then click, hover, type and scroll, seeing a screenshot, the console log and the URL after each action.",
		"One browser per task; launch first, and close it before using other tools for long.",
	].join("\n"),
	params,
	async execute(input, context) {
		const browser = context.browser
		if (browser === undefined) return toolError("No browser is available here.")
		const viewport = viewportOf(context.settings.browserViewportSize)
		const row: ClineSayBrowserAction = {
			action: input.action,
			...(input.coordinate !== undefined && { coordinate: input.coordinate }),
			...(input.text !== undefined && { text: input.text }),
		}

		if (input.action === "launch") {
			const url = webUrl(input.url)
			if (url === undefined) return toolError("launch needs url: an http:// or https:// address.")
			const outcome = await context.approve({ kind: "browser", url })
			if (!outcome.approved) return deniedResult(`opening ${url} in the browser`, outcome.feedback)
			try {
				const result = await browser.launch(url, {
					executablePath: chromiumPath(context.settings.browserExecutablePath),
					viewport,
				})
				context.showBrowserRow?.("browser_action_result", JSON.stringify(result))
				return resultFor(result, context, `The browser opened ${url}`, outcome.feedback)
			} catch (error) {
				await browser.close()
				return toolError(`The browser could not open ${url}: ${(error as Error).message}`)
			}
		}
		if (input.action === "close") {
			context.showBrowserRow?.("browser_action", JSON.stringify(row))
			const wasOpen = browser.isOpen
			await browser.close()
			return { content: wasOpen ? "The browser is closed." : "No browser was open." }
		}
		if (!browser.isOpen) return toolError(`No browser is open: launch one before ${input.action}.`)

		let act: PageAction
		switch (input.action) {
			case "click":
			case "hover": {
				const point = pointOf(input.coordinate, viewport)
				if (typeof point === "string") return toolError(point)
				act = (page) =>
					input.action === "click" ? page.click(point.x, point.y) : page.hover(point.x, point.y)
				break
			}
			case "type":
				if (input.text === undefined || input.text === "") return toolError("type needs text.")
				act = (page) => page.type(input.text ?? "")
				break
			case "scroll_down":
				act = (page) => page.scrollBy(1)
				break
			case "scroll_up":
				act = (page) => page.scrollBy(-1)
				break
		}
		context.showBrowserRow?.("browser_action", JSON.stringify(row))
		try {
			const result = await browser.act(act)
			context.showBrowserRow?.("browser_action_result", JSON.stringify(result))
			return resultFor(result, context, `Done: ${input.action}`)
		} catch (error) {
			return toolError(`The browser could not ${input.action}: ${(error as Error).message}`)
		}
	},
}
