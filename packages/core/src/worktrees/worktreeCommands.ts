import type { CairnSettings } from "@cairn/types"
import type { Host } from "../host/Host.js"
import type { HostText } from "../i18n/hostText.js"
import { commandSandbox, type CommandSandbox } from "../sandbox/commandSandbox.js"
import { hostInPlace } from "../tasks/taskPlace.js"
import type { CheckRunner } from "./landing/index.js"
import type { SetupRunner } from "./worktreeSetup.js"

/** A setup or a check that hangs is stopped after this long, unless the person's command time limit says sooner. */
const longestRunMs = 30 * 60_000

export interface WorktreeCommandsOptions {
	host: Host
	settings: () => CairnSettings
	text: () => HostText
}

const timeoutOf = (settings: CairnSettings): number =>
	settings.commandTimeoutSec > 0 ? Math.min(settings.commandTimeoutSec * 1000, longestRunMs) : longestRunMs

/**
 * Runs `.cairn/worktree.json`'s setup command in a new worktree. The person agreed to the file,
 * so it runs as their agreed hooks do: in the command sandbox (on the worktree as its workspace),
 * unsandboxed only when they turned the sandbox off, and not at all where it is unavailable.
 */
export function setupRunner(options: WorktreeCommandsOptions): SetupRunner {
	return async (command, cwd, env) => {
		const view = hostInPlace(options.host, { root: cwd, env })
		const settings = options.settings()
		const sandbox = await commandSandbox(view, settings)
		if (sandbox.state === "unavailable")
			return {
				exitCode: undefined,
				output: options.text()("worktrees.runsOnlyInSandbox", { reason: sandbox.reason }),
			}
		let output = ""
		const running = view.runCommand(command, {
			cwd,
			onOutput: (chunk) => {
				output = (output + chunk).slice(-64_000)
			},
			timeoutMs: timeoutOf(settings),
			asAnalysed: true,
			...(sandbox.state === "ready" && { sandbox: sandbox.policy }),
		})
		const ended = await running.done
		return { exitCode: ended.exitCode, output }
	}
}

/**
 * Runs the repository's test command in a task's worktree when the person presses "Run checks".
 * In the command sandbox it runs as it is (contained, on the worktree); without one it runs only
 * once the person agreed, asked each time with the command shown: the command is the repository's
 * (its package.json, its Makefile), and a remembered yes would cover whatever the script becomes.
 */
export async function checkRunner(
	options: WorktreeCommandsOptions,
	worktree: { root: string; env: Record<string, string> },
	command: string,
): Promise<CheckRunner> {
	const view = hostInPlace(options.host, { root: worktree.root, env: worktree.env })
	const settings = options.settings()
	const sandbox = await commandSandbox(view, settings)
	if (sandbox.state !== "ready") {
		const agreed =
			(await options.host.askConsent?.({
				kind: "checkCommand",
				workspaceRoot: worktree.root,
				file: command,
				content: command,
			})) ?? false
		if (!agreed) throw new Error(options.text()("worktrees.checksRefused", { command }))
	}
	return runnerIn(view, settings, sandbox)
}

/**
 * Runs a fleet task's checks in its worktree, with nobody there to agree to anything. The command
 * is the person's (their task file names it), but what it runs is the worktree's code, which the
 * agent has just changed: so, as a setup does, it runs in the command sandbox, unsandboxed only
 * when the person turned the sandbox off, and not at all where the sandbox is unavailable (the
 * check then fails, saying why).
 */
export async function unattendedCheckRunner(
	options: WorktreeCommandsOptions,
	worktree: { root: string; env: Record<string, string> },
): Promise<CheckRunner> {
	const view = hostInPlace(options.host, { root: worktree.root, env: worktree.env })
	const settings = options.settings()
	const sandbox = await commandSandbox(view, settings)
	if (sandbox.state !== "unavailable") return runnerIn(view, settings, sandbox)
	const why = options.text()("worktrees.runsOnlyInSandbox", { reason: sandbox.reason })
	return (_line, _cwd, onOutput) => {
		onOutput(`${why}\n`)
		return { done: Promise.resolve({ exitCode: undefined, timedOut: false }), kill: () => undefined }
	}
}

function runnerIn(view: Host, settings: CairnSettings, sandbox: CommandSandbox): CheckRunner {
	return (line, cwd, onOutput, limit) =>
		view.runCommand(line, {
			cwd,
			onOutput,
			timeoutMs: limit?.timeoutMs ?? timeoutOf(settings),
			asAnalysed: true,
			...(sandbox.state === "ready" && { sandbox: sandbox.policy }),
		})
}
