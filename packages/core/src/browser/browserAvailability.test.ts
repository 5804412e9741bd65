import { chmod, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import type { BrowserLauncher } from "./browserLauncher.js"
import { browserCanRun, chromiumPath } from "./browserAvailability.js"

const launcher: BrowserLauncher = {
	launch: () => Promise.reject(new Error("browserCanRun must not launch anything")),
}

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

describe("browserCanRun", () => {
	it("is true when the host has a launcher and the Chromium to start is an executable file", async () => {
		expect(await browserCanRun(launcher, process.execPath)).toBe(true)
	})

	it("is false on a host without a launcher, whatever the setting", async () => {
		expect(await browserCanRun(undefined, process.execPath)).toBe(false)
	})

	it("is false when the Chromium is missing or not executable", async () => {
		const temp = await makeTempDir()
		cleanups.push(temp.remove)
		const notExecutable = path.join(temp.dir, "chromium")
		await writeFile(notExecutable, "#!/bin/sh\n")
		await chmod(notExecutable, 0o644)
		expect(await browserCanRun(launcher, path.join(temp.dir, "missing"))).toBe(false)
		expect(await browserCanRun(launcher, notExecutable)).toBe(false)
	})

	it("looks for the system's Chromium unless the settings name one", () => {
		expect(chromiumPath(undefined)).toBe("/usr/bin/chromium")
		expect(chromiumPath("/opt/chrome/chrome")).toBe("/opt/chrome/chrome")
	})
})
