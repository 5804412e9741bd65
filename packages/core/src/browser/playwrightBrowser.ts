import type { ChromiumUnsandboxed } from "@cairn/types"
import type { Browser, Page, Request } from "playwright-core"
import type { BrowserLauncher, BrowserPage } from "./browserLauncher.js"
import { chromiumSandboxHere } from "./chromiumSandbox.js"

// The system's Chromium: no GPU, nothing phoning home. Its sandbox is Playwright's
// `chromiumSandbox` option (without it Playwright passes --no-sandbox).
const chromiumArgs = [
	"--disable-gpu",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
]

/** Generous: Chromium starts and loads pages slowly on a busy machine. */
const launchTimeoutMs = 60_000
const loadTimeoutMs = 60_000
/** How long after an action a navigation may start and still be waited for. */
const navigationStartMs = 1_500

/**
 * Starts Chromium with its own sandbox wherever it can run, else without it and why: where it
 * surely cannot (as root), at once; where it was expected to and did not start, on a second try.
 */
async function startChromium(
	executablePath: string,
): Promise<{ browser: Browser; unsandboxed?: ChromiumUnsandboxed }> {
	const { chromium } = await import("playwright-core")
	const start = (chromiumSandbox: boolean) =>
		chromium.launch({
			executablePath,
			headless: true,
			args: chromiumArgs,
			chromiumSandbox,
			timeout: launchTimeoutMs,
		})
	const plan = await chromiumSandboxHere(executablePath)
	if (!plan.sandbox) return { browser: await start(false), unsandboxed: plan.reason }
	try {
		return { browser: await start(true) }
	} catch (sandboxed) {
		try {
			return { browser: await start(false), unsandboxed: plan.mayFail ?? "sandboxFailed" }
		} catch {
			// It does not start at all: the first error is the one that says why.
			throw sandboxed
		}
	}
}

/** Chromium through playwright-core, loaded on first use (it is large and only browser_action needs it). */
export const playwrightLauncher: BrowserLauncher = {
	async launch({ executablePath, viewport }) {
		const { browser, unsandboxed } = await startChromium(executablePath)
		try {
			const context = await browser.newContext({ viewport })
			const page = await context.newPage()
			return new PlaywrightPage(page, () => browser.close(), unsandboxed)
		} catch (error) {
			await browser.close()
			throw error
		}
	},
}

class PlaywrightPage implements BrowserPage {
	private console: string[] = []

	constructor(
		private readonly page: Page,
		private readonly closeBrowser: () => Promise<void>,
		readonly unsandboxed: ChromiumUnsandboxed | undefined,
	) {
		page.on("console", (message) => this.console.push(`[${message.type()}] ${message.text()}`))
		page.on("pageerror", (error) => this.console.push(`[pageerror] ${error.message}`))
	}

	async goto(url: string): Promise<void> {
		await this.page.goto(url, { waitUntil: "load", timeout: loadTimeoutMs })
	}

	click(x: number, y: number): Promise<void> {
		return this.settling(() => this.page.mouse.click(x, y))
	}

	hover(x: number, y: number): Promise<void> {
		return this.page.mouse.move(x, y)
	}

	type(text: string): Promise<void> {
		return this.settling(() => this.page.keyboard.type(text))
	}

	async scrollBy(pages: number): Promise<void> {
		// scrollBy in the page is synchronous, unlike a wheel event, so the screenshot shows where it ended.
		await this.page.evaluate((factor) => {
			// Runs in the page, whose window the core's (DOM-less) types do not know.
			const view = globalThis as unknown as {
				innerHeight: number
				scrollBy(x: number, y: number): void
			}
			view.scrollBy(0, factor * view.innerHeight)
		}, pages)
	}

	screenshot(): Promise<Buffer> {
		return this.page.screenshot({ type: "png" })
	}

	url(): string {
		return this.page.url()
	}

	takeConsole(): string[] {
		return this.console.splice(0)
	}

	close(): Promise<void> {
		return this.closeBrowser()
	}

	/**
	 * Runs an action; when it starts a navigation of the page (a link, a submit), waits for the
	 * new page's load event. Watching for the navigation's request, not its commit, keeps a
	 * slow server from making the wait end early.
	 */
	private async settling(action: () => Promise<void>): Promise<void> {
		const page = this.page
		let onRequest: ((request: Request) => void) | undefined
		let timer: NodeJS.Timeout | undefined
		const navigates = new Promise<boolean>((resolve) => {
			onRequest = (request) => {
				if (request.isNavigationRequest() && request.frame() === page.mainFrame()) resolve(true)
			}
			page.on("request", onRequest)
			timer = setTimeout(() => resolve(false), navigationStartMs)
		})
		const loaded = page.waitForEvent("load", { timeout: loadTimeoutMs }).then(
			() => undefined,
			() => undefined,
		)
		try {
			await action()
			if (await navigates) await loaded
		} finally {
			clearTimeout(timer)
			if (onRequest) page.off("request", onRequest)
		}
	}
}
