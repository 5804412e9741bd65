import { afterEach, describe, expect, it } from "vitest"
import { playwrightLauncher } from "../browser/playwrightBrowser.js"
import { TaskBrowser } from "../browser/taskBrowser.js"
import { callTool } from "../test-support/callTool.js"
import { serveFormPage } from "../test-support/formPage.js"
import {
	createTestToolContext,
	type TestToolContext,
	type TestToolContextOptions,
} from "../test-support/toolContext.js"
import { browserActionTool } from "./browserAction.js"

let t: TestToolContext
let browser: TaskBrowser
let site: Awaited<ReturnType<typeof serveFormPage>> | undefined
const setup = async (options: TestToolContextOptions = {}) => {
	t = await createTestToolContext(options)
	browser = new TaskBrowser(playwrightLauncher)
}
afterEach(async () => {
	await browser?.close()
	await site?.close()
	site = undefined
	await t?.cleanup()
})

const act = (input: unknown) => callTool(browserActionTool, input, { ...t.context, browser })
// Chromium on a busy 2-core machine: generous ceilings, no timing assumptions.
const slow = { timeout: 120_000 }

describe("browser_action", () => {
	it("opens only http(s) pages, and refuses others without asking", async () => {
		await setup()
		for (const url of ["file:///etc/passwd", "javascript:alert(1)", "not a url", undefined]) {
			const result = await act({ action: "launch", ...(url !== undefined && { url }) })
			expect(result.isError).toBe(true)
			expect(result.text).toBe("launch needs url: an http:// or https:// address.")
		}
		expect(t.approvals).toEqual([])
		expect(browser.isOpen).toBe(false)
	})

	it("acts only on an open browser", async () => {
		await setup()
		const result = await act({ action: "click", coordinate: "10,10" })
		expect(result.text).toBe("No browser is open: launch one before click.")
		expect((await act({ action: "close" })).text).toBe("No browser was open.")
	})

	it("asks to launch, and opens nothing when the person says no", async () => {
		await setup({ approval: "reject" })
		const result = await act({ action: "launch", url: "http://127.0.0.1:9/" })
		expect(t.approvals).toEqual([{ kind: "browser", url: "http://127.0.0.1:9/" }])
		expect(result.text).toMatch(/^The user denied opening http:\/\/127\.0\.0\.1:9\/ in the browser/)
		expect(browser.isOpen).toBe(false)
	})

	it(
		"describes the page in words to a model without images, and checks coordinates against the viewport",
		slow,
		async () => {
			await setup({ modelTakesImages: false, settings: { browserViewportSize: "800x500" } })
			site = await serveFormPage()
			const opened = await act({ action: "launch", url: site.url })
			expect(typeof opened.content).toBe("string")
			expect(opened.text).toContain(`The browser opened ${site.url}. The page is now at ${site.url}.`)
			expect(opened.text).toContain("[log] form ready")
			expect(opened.text).toContain("this model cannot view images")
			expect((await act({ action: "click", coordinate: "800,10" })).text).toBe(
				"coordinate 800,10 is outside the 800x500 viewport.",
			)
			expect((await act({ action: "hover", coordinate: "left" })).text).toMatch(
				/coordinate must be "x,y"/,
			)
			expect((await act({ action: "close" })).text).toBe("The browser is closed.")
			expect(browser.isOpen).toBe(false)
		},
	)

	it("gives a model that takes images the screenshot as an image block", slow, async () => {
		await setup()
		site = await serveFormPage()
		const opened = await act({ action: "launch", url: site.url })
		expect(Array.isArray(opened.content)).toBe(true)
		const blocks = opened.content as { type: string; mediaType?: string }[]
		expect(blocks.map((block) => block.type)).toEqual(["text", "image"])
		expect(blocks[1]?.mediaType).toBe("image/png")
	})
})
