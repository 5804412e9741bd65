import type { BrowserActionResult } from "@cairn/types"
import { browserCanRun } from "./browserAvailability.js"
import type { BrowserLauncher, BrowserLaunchOptions, BrowserPage } from "./browserLauncher.js"

/**
 * A task's browser: at most one session, opened by `launch` and ended by `close`, the task's
 * end or its cancellation. Closing while a launch is under way waits for it and ends it.
 */
export class TaskBrowser {
	private session: Promise<BrowserPage> | undefined
	private availability: { executableSetting: string | undefined; runs: Promise<boolean> } | undefined

	constructor(private readonly launcher: BrowserLauncher | undefined) {}

	/**
	 * Whether a browser could be launched with this executable setting (see browserCanRun). Checked
	 * once per task and setting: the tools are offered at every request, and a check through the
	 * thread pool each time would cost every turn.
	 */
	canRun(executableSetting: string | undefined): Promise<boolean> {
		if (this.availability?.executableSetting !== executableSetting || this.availability === undefined)
			this.availability = { executableSetting, runs: browserCanRun(this.launcher, executableSetting) }
		return this.availability.runs
	}

	get isOpen(): boolean {
		return this.session !== undefined
	}

	/** Opens the browser at `url` (a session already open is closed first). */
	async launch(url: string, options: BrowserLaunchOptions): Promise<BrowserActionResult> {
		if (this.launcher === undefined) throw new Error("this host cannot run a browser")
		await this.close()
		const session = this.launcher.launch(options)
		this.session = session
		const page = await session
		await page.goto(url)
		const seen = await observe(page)
		return page.unsandboxed === undefined ? seen : { ...seen, unsandboxed: page.unsandboxed }
	}

	/** Runs an action on the open page and reports what it shows now. */
	async act(action: (page: BrowserPage) => Promise<void>): Promise<BrowserActionResult> {
		if (this.session === undefined) throw new Error("no browser is open")
		const page = await this.session
		await action(page)
		return observe(page)
	}

	async close(): Promise<void> {
		const session = this.session
		this.session = undefined
		const page = await session?.catch(() => undefined)
		// A browser that fails to close has crashed or gone already; closing is fire-and-forget on cancel.
		await page?.close().catch(() => undefined)
	}
}

async function observe(page: BrowserPage): Promise<BrowserActionResult> {
	const screenshot = await page.screenshot()
	const logs = page.takeConsole()
	return {
		screenshot: `data:image/png;base64,${screenshot.toString("base64")}`,
		logs: logs.join("\n"),
		currentUrl: page.url(),
	}
}
