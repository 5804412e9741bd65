import { constants } from "node:fs"
import { access } from "node:fs/promises"
import type { BrowserLauncher } from "./browserLauncher.js"

/** Where browser_action looks for Chromium unless the person's settings say otherwise. */
const defaultChromium = "/usr/bin/chromium"

export function chromiumPath(setting: string | undefined): string {
	return setting ?? defaultChromium
}

/**
 * Whether browser_action could launch a browser now: the host has a launcher and the Chromium it
 * would start is an executable file. Where it is not (a Mac or Windows machine without the
 * setting), offering the tool would only cost every request its schema and end in an error.
 */
export async function browserCanRun(
	launcher: BrowserLauncher | undefined,
	executableSetting: string | undefined,
): Promise<boolean> {
	if (launcher === undefined) return false
	try {
		await access(chromiumPath(executableSetting), constants.X_OK)
		return true
	} catch {
		return false
	}
}
