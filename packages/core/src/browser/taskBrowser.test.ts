import { afterEach, describe, expect, it } from "vitest"
import { processGone } from "../test-support/processGone.js"
import { chromiumChildren, formPoints, serveFormPage } from "../test-support/formPage.js"
import { playwrightLauncher } from "./playwrightBrowser.js"
import { TaskBrowser } from "./taskBrowser.js"

const options = {
	executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
	viewport: { width: 900, height: 600 },
}
const point = (coordinate: string) => coordinate.split(",").map(Number) as [number, number]
// Chromium starts slowly on a busy 2-core machine: generous ceilings, no timing assumptions.
const slow = { timeout: 120_000 }

let browser: TaskBrowser | undefined
let site: Awaited<ReturnType<typeof serveFormPage>> | undefined
afterEach(async () => {
	await browser?.close()
	await site?.close()
})

function pngSize(dataUri: string | undefined): { width: number; height: number } {
	const png = Buffer.from((dataUri ?? "").replace(/^data:image\/png;base64,/, ""), "base64")
	expect(png.subarray(1, 4).toString()).toBe("PNG")
	return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

describe("a task's browser (the system's Chromium through playwright-core)", () => {
	it(
		"opens a page, fills and submits its form, and reports a screenshot, the console and the URL each time",
		slow,
		async () => {
			site = await serveFormPage()
			browser = new TaskBrowser(playwrightLauncher)
			const opened = await browser.launch(site.url, options)
			expect(opened.currentUrl).toBe(site.url)
			expect(opened.logs).toBe("[log] form ready")
			expect(pngSize(opened.screenshot)).toEqual({ width: 900, height: 600 })

			await browser.act((page) => page.click(...point(formPoints.field)))
			const typed = await browser.act((page) => page.type("Ada"))
			expect(typed.logs).toBe("")
			const sent = await browser.act((page) => page.click(...point(formPoints.send)))
			expect(sent.logs).toBe("[log] submitted Ada")
			expect(sent.currentUrl).toBe(`${site.url}done?name=Ada`)
			expect(sent.screenshot).not.toBe(typed.screenshot)

			const scrolled = await browser.act((page) => page.scrollBy(1))
			expect(scrolled.screenshot).not.toBe(sent.screenshot)
		},
	)

	it("ends the browser process on close, and a closed browser takes no more actions", slow, async () => {
		site = await serveFormPage()
		browser = new TaskBrowser(playwrightLauncher)
		const before = new Set(await chromiumChildren())
		await browser.launch(site.url, options)
		const started = (await chromiumChildren()).filter((pid) => !before.has(pid))
		expect(started.length).toBeGreaterThan(0)
		await browser.close()
		for (const pid of started) await processGone(pid, 30_000)
		expect(browser.isOpen).toBe(false)
		await expect(browser.act((page) => page.scrollBy(1))).rejects.toThrow(/no browser is open/)
	})

	it("says so when the browser cannot start, and is left closed", slow, async () => {
		browser = new TaskBrowser(playwrightLauncher)
		await expect(
			browser.launch("http://127.0.0.1:9/", { ...options, executablePath: "/nonexistent/chromium" }),
		).rejects.toThrow()
		await browser.close()
		expect(browser.isOpen).toBe(false)
	})
})
