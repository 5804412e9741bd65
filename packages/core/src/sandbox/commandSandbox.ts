import { realpathSync, statSync } from "node:fs"
import { homedir } from "node:os"
import path from "node:path"
import type { CairnSettings } from "@cairn/types"
import type { Host } from "../host/Host.js"
import { credentialStorePaths } from "../workspace/credentialStores.js"
import { sandboxedEnvironment } from "./commandEnvironment.js"
import { protectedMounts } from "./protectedMounts.js"
import type { SandboxPolicy } from "./sandboxPolicy.js"
import { probeSandbox, type SandboxAvailability } from "./sandboxProbe.js"
import { systemPaths } from "./systemPaths.js"

export type CommandSandbox =
	| { state: "off" }
	| { state: "ready"; policy: SandboxPolicy }
	/** `firstTime` is true once per process and binary: the moment to tell the person. */
	| { state: "unavailable"; reason: string; firstTime: boolean }

const noticed = new Set<string>()

/** The real path and kind of each path that exists; one that does not has nothing to hide. */
function existing(paths: readonly string[]): { folders: string[]; files: string[] } {
	const folders = new Set<string>()
	const files = new Set<string>()
	for (const candidate of paths) {
		try {
			const real = realpathSync(candidate)
			;(statSync(real).isDirectory() ? folders : files).add(real)
		} catch {
			// Not there.
		}
	}
	return { folders: [...folders], files: [...files] }
}

/**
 * How a command that no person approved runs on this host with these settings: in the sandbox,
 * unsandboxed because the person turned it off, or not at all without a person because the
 * sandbox is unavailable (fail closed).
 */
export async function commandSandbox(host: Host, settings: CairnSettings): Promise<CommandSandbox> {
	if (!settings.commandSandbox) return { state: "off" }
	const support = host.commandSandbox
	const availability: SandboxAvailability =
		support === undefined
			? { available: false, reason: "this host cannot run sandboxed commands" }
			: await probeSandbox(support.bwrapPath)
	if (support === undefined || !availability.available) {
		const reason = availability.available ? "" : availability.reason
		const key = support?.bwrapPath ?? ""
		const firstTime = !noticed.has(key)
		noticed.add(key)
		if (firstTime) host.logger.warn("The command sandbox is unavailable", { reason })
		return { state: "unavailable", reason, firstTime }
	}
	const home = support.homeDir ?? homedir()
	const runtimeDir = process.env.XDG_RUNTIME_DIR
	const hidden = existing([
		host.storageDir,
		// The CLI's home holds its secrets file, whichever host runs the command.
		path.join(home, ".cairn"),
		// The session's sockets (D-Bus reaches the keyring where editors keep secrets), wherever
		// XDG_RUNTIME_DIR points; under /run it is private anyway.
		...(runtimeDir ? [runtimeDir] : []),
		...support.privatePaths,
		...credentialStorePaths(home, settings.commandSandboxHiddenPaths),
	])
	const workspaceRoot = realpathSync(host.workspaceRoot)
	return {
		state: "ready",
		policy: {
			bwrapPath: support.bwrapPath,
			workspaceRoot,
			hiddenPaths: hidden.folders,
			hiddenFiles: hidden.files,
			protectedPaths: protectedMounts(workspaceRoot),
			quarantineDir: path.join(host.storageDir, "sandbox-quarantine"),
			// Those bound on the machine are read as each command starts (see socketsToCover).
			hiddenSockets: existing(support.privateSockets).files,
			systemPaths: systemPaths(),
			environment: sandboxedEnvironment(process.env, settings.commandEnvironment),
			allowNetwork: settings.commandSandboxNetwork,
		},
	}
}
