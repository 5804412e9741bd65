import type { ChromiumUnsandboxed } from "@cairn/types"

/** A headless browser for one task, as browser_action drives it. The host provides the launcher. */
export interface BrowserLauncher {
	launch(options: BrowserLaunchOptions): Promise<BrowserPage>
}

export interface BrowserLaunchOptions {
	executablePath: string
	viewport: Viewport
}

export interface Viewport {
	width: number
	height: number
}

/**
 * The one page of a launched browser. Each action returns once the page has taken it in (a
 * navigation it started has loaded); the screenshot then shows its effect.
 */
export interface BrowserPage {
	/** Set when the browser runs without its own sandbox, and why. */
	readonly unsandboxed?: ChromiumUnsandboxed | undefined
	goto(url: string): Promise<void>
	click(x: number, y: number): Promise<void>
	hover(x: number, y: number): Promise<void>
	type(text: string): Promise<void>
	/** By one viewport's height; negative scrolls up. */
	scrollBy(pages: number): Promise<void>
	/** A PNG of the viewport. */
	screenshot(): Promise<Buffer>
	url(): string
	/** What the page wrote to its console (and its uncaught errors) since the last call. */
	takeConsole(): string[]
	/** Ends the browser process. */
	close(): Promise<void>
}
