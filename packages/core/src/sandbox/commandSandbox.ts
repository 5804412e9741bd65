import { realpathSync } from "node:fs"
import { homedir } from "node:os"
import path from "node:path"
import type { CairnSettings } from "@cairn/types"
import type { Host } from "../host/Host.js"
import type { SandboxPolicy } from "./sandboxPolicy.js"
import { probeSandbox, type SandboxAvailability } from "./sandboxProbe.js"

export type CommandSandbox =
	| { state: "off" }
	| { state: "ready"; policy: SandboxPolicy }
	/** `firstTime` is true once per process and binary: the moment to tell the person. */
	| { state: "unavailable"; reason: string; firstTime: boolean }

const noticed = new Set<string>()

/** Names of inherited variables that look like credentials (the CLI takes API keys this way). */
const secretName = /api_?key|secret|token|password|credential/i

/** The real path of each file or folder that exists; one that does not has nothing to hide. */
function existing(paths: readonly string[]): string[] {
	const found = paths.flatMap((folder) => {
		try {
			return [realpathSync(folder)]
		} catch {
			return []
		}
	})
	return [...new Set(found)]
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
	const runtimeDir = process.env.XDG_RUNTIME_DIR
	const hiddenPaths = existing([
		host.storageDir,
		// The CLI's home holds its secrets file, whichever host runs the command.
		path.join(homedir(), ".cairn"),
		// The session's sockets: D-Bus reaches the keyring where editors keep secrets.
		...(runtimeDir ? [runtimeDir] : []),
		...support.privatePaths,
	])
	return {
		state: "ready",
		policy: {
			bwrapPath: support.bwrapPath,
			workspaceRoot: realpathSync(host.workspaceRoot),
			hiddenPaths,
			// Whoever reaches Docker's socket can mount the whole disk into a container.
			hiddenSockets: existing(["/run/docker.sock", "/var/run/docker.sock", ...support.privateSockets]),
			hiddenEnv: Object.keys(process.env).filter((name) => secretName.test(name)),
			allowNetwork: settings.commandSandboxNetwork,
		},
	}
}
