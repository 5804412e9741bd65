import { chromium } from "playwright-core"

// Debian's Chromium: Playwright's own browser downloads are not reachable offline.
const chromiumArgs = [
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
]

export async function launchBrowser() {
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
		headless: true,
		args: chromiumArgs,
		timeout: 30_000,
	})
	const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
	return { browser, context }
}
