import { SettingsStore } from "../controller/settingsStore.js"
import type { Logger } from "../host/Host.js"
import { NodeHost } from "../host/node/NodeHost.js"
import type { CheckRunner } from "../worktrees/landing/runChecks.js"
import { unattendedCheckRunner } from "../worktrees/worktreeCommands.js"

/** How a fleet run starts its tasks' checks, each in its task's worktree. */
export interface FleetChecks {
	/** The runner for checks in `worktree`: sandboxed, or one that fails saying why it cannot run. */
	runnerIn(worktree: string): Promise<CheckRunner>
	/** Ends the checks still running and lets the host go. */
	dispose(): Promise<void>
}

/**
 * A fleet's checks run as the board's worktree commands do (see unattendedCheckRunner): through a
 * host on the person's storage, so the person's own settings (the sandbox switch, hidden paths,
 * the command time limit) apply, read once for the run.
 */
export async function fleetChecks(options: {
	/** The task file's folder: where the host stands between checks. */
	folder: string
	/** CAIRN_HOME. */
	storageDir: string
	logger: Logger
}): Promise<FleetChecks> {
	const host = new NodeHost({
		workspaceRoot: options.folder,
		storageDir: options.storageDir,
		logger: options.logger,
	})
	const settings = new SettingsStore(host)
	await settings.load()
	const commands = { host, settings: () => settings.settings, text: () => settings.personText() }
	return {
		runnerIn: (worktree) => unattendedCheckRunner(commands, { root: worktree, env: {} }),
		dispose: () => host.dispose(),
	}
}
