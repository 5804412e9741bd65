import { SettingsStore } from "../controller/settingsStore.js"
import type { Logger } from "../host/Host.js"
import { NodeHost } from "../host/node/NodeHost.js"
import { runChecks, type CheckRunner } from "../worktrees/landing/runChecks.js"
import type { WorktreeRef } from "../worktrees/landing/worktreeRef.js"
import { unattendedCheckRunner } from "../worktrees/worktreeCommands.js"
import type { FleetCheckCommand } from "./taskFile.js"
import type { FleetCheck } from "./taskRecord.js"

/** How a fleet run runs its tasks' checks, each in its task's worktree. */
export interface FleetChecks {
	/**
	 * Runs a task's checks one after another in `ref.path` (sandboxed, or each failing saying why
	 * it cannot run), each within its own time limit; `signal` stops the one running.
	 */
	run(ref: WorktreeRef, checks: readonly FleetCheckCommand[], signal?: AbortSignal): Promise<FleetCheck[]>
	/** Ends the checks still running and lets the host go. */
	dispose(): Promise<void>
}

/**
 * A fleet's checks run as the board's worktree commands do (see unattendedCheckRunner): through a
 * host on the person's storage, so the person's own settings (the sandbox switch, hidden paths)
 * apply, read once for the run. The time limit is the check's own (its `timeout`, ten minutes by
 * default), not the person's command time limit, which is for the agent's commands: past it, the
 * check's whole process group is killed and the check fails, "timed out after Ns".
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
		async run(ref, checks, signal) {
			// One sandbox reading and policy for all of the task's checks, not one per check.
			const runner = await unattendedCheckRunner(commands, { root: ref.path, env: {} })
			const ran: FleetCheck[] = []
			for (const check of checks) ran.push(await runCheck(ref, check, runner, signal))
			return ran
		},
		dispose: () => host.dispose(),
	}
}

async function runCheck(
	ref: WorktreeRef,
	check: FleetCheckCommand,
	runner: CheckRunner,
	signal: AbortSignal | undefined,
): Promise<FleetCheck> {
	const stopped = { timedOut: false }
	const limited: CheckRunner = (command, cwd, onOutput) => {
		const running = runner(command, cwd, onOutput, { timeoutMs: check.timeout * 1000 })
		return {
			kill: running.kill,
			done: running.done.then((ended) => {
				stopped.timedOut = ended.timedOut
				return ended
			}),
		}
	}
	const ended = await runChecks(ref, check.command, limited, { ...(signal && { signal }) })
	return {
		command: check.command,
		state: ended.state === "passed" ? "passed" : "failed",
		durationMs: ended.durationMs ?? 0,
		tail: ended.tail ?? "",
		...(stopped.timedOut && { error: `timed out after ${check.timeout}s` }),
	}
}
