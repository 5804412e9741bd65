import { stat } from "node:fs/promises"
import type { ClineAskCommand, CommandExitInfo } from "@cairn/types"
import { z } from "zod"
import { displayPath, gatePath } from "../approval/pathGate.js"
import type { CommandExit } from "../host/Host.js"
import { createdProtectedFailure, sandboxFailure } from "../sandbox/sandboxFailure.js"
import type { SandboxPolicy } from "../sandbox/sandboxPolicy.js"
import type { PersonFeedback, ToolContext, ToolDefinition, ToolResult } from "./toolDefinition.js"
import { OutputCollector } from "./support/outputCollector.js"
import { deniedResult, toolError, withFeedback } from "./support/toolResults.js"

const params = z.object({
	command: z.string().trim().min(1).describe("The command line."),
	cwd: z.string().min(1).optional().describe("The folder to run in (default: the workspace root)."),
})
export type ExecuteCommandParams = z.infer<typeof params>

function describeExit(exit: CommandExit, cancelled: boolean, timeoutSec: number): string {
	if (cancelled) return "The command was stopped because the task was cancelled."
	if (exit.timedOut)
		return (
			`The command was killed after ${timeoutSec} s (the command timeout setting). ` +
			"A server or watcher never ends by itself: run such commands only if the user asks, or make the command finish on its own."
		)
	// The most frequent result of all: short, since every later request carries it.
	if (exit.exitCode === 0) return "Exit code 0."
	if (exit.exitCode !== undefined) return `Failed with exit code ${exit.exitCode}.`
	if (exit.signal !== undefined) return `The command was ended by signal ${exit.signal}.`
	return "The command ended; the terminal did not report its exit code."
}

function exitInfo(exit: CommandExit, stopped: boolean): CommandExitInfo {
	return {
		...(exit.exitCode !== undefined && { exitCode: exit.exitCode }),
		...(exit.signal !== undefined && { signal: exit.signal }),
		...(exit.timedOut && { timedOut: true }),
		...(stopped && { stopped: true }),
	}
}

interface CommandRun {
	exit: CommandExit | "proceeded"
	cancelled: boolean
	output: OutputCollector
}

/** Runs the command and waits until it ends, the task is cancelled, or the person lets it run on. */
async function runCommand(
	command: string,
	cwd: string,
	context: ToolContext,
	sandbox: SandboxPolicy | undefined,
	asAnalysed: boolean,
): Promise<CommandRun> {
	const timeoutSec = context.settings.commandTimeoutSec
	const output = new OutputCollector()
	const running = context.host.runCommand(command, {
		cwd,
		timeoutMs: timeoutSec > 0 ? timeoutSec * 1000 : undefined,
		onOutput: (chunk) => {
			output.push(chunk)
			context.commandOutput(chunk)
		},
		passedVariables: context.settings.commandEnvironment,
		...(sandbox && { sandbox }),
		...(asAnalysed && { asAnalysed }),
	})
	let cancelled = false
	const onAbort = () => {
		cancelled = true
		running.kill()
	}
	context.signal.addEventListener("abort", onAbort, { once: true })
	// "Proceed While Running": the agent goes on with what the command has printed so far and
	// the process keeps running (its later output still reaches the transcript).
	const proceeded = new Promise<"proceeded">((resolve) => {
		if (context.proceedSignal?.aborted) resolve("proceeded")
		context.proceedSignal?.addEventListener("abort", () => resolve("proceeded"), { once: true })
	})
	try {
		const exit = await Promise.race([running.done, proceeded])
		context.commandEnded(exit === "proceeded" ? { proceeded: true } : exitInfo(exit, cancelled))
		return { exit, cancelled, output }
	} finally {
		context.signal.removeEventListener("abort", onAbort)
	}
}

/** Why a sandboxed run failed because of the sandbox; undefined when it did not, or failed on its own. */
function failedInSandbox(run: CommandRun, policy: SandboxPolicy, cwd: string): string | undefined {
	if (run.cancelled || run.exit === "proceeded") return undefined
	// It may have exited 0: what it made of a protected path was removed, and only a person may let it.
	if (run.exit.createdProtected !== undefined)
		return createdProtectedFailure(run.exit.createdProtected, policy)
	if (run.exit.timedOut) return undefined
	if (run.exit.exitCode === 0 || run.exit.exitCode === undefined) return undefined
	return sandboxFailure(run.output.render(), policy, cwd)
}

function output(run: CommandRun): string {
	const text = run.output.render()
	return text.trim() === "" ? "(no output)" : `Output:\n${text}`
}

/** The result for the model; `lead` tells what happened before this run. */
function report(
	run: CommandRun,
	feedback: PersonFeedback | undefined,
	timeoutSec: number,
	lead = "",
): ToolResult {
	if (run.exit === "proceeded") {
		const soFar = run.output.render()
		const body = soFar.trim() === "" ? "(no output yet)" : `Output so far:\n${soFar}`
		return withFeedback(
			`${lead}The command is still running: the user chose to let you continue while it runs.\n${body}`,
			feedback,
			false,
		)
	}
	const result = `${lead}${describeExit(run.exit, run.cancelled, timeoutSec)}\n${output(run)}`
	return { ...withFeedback(result, feedback, run.cancelled), commandExit: run.exit }
}

export const executeCommandTool: ToolDefinition<ExecuteCommandParams> = {
	name: "execute_command",
	description: [
		"Run a command line in the user's shell: its exit code and output (long output cut to its start and end).",
		"It must not wait for input (use `-y`, `--no-pager`, `CI=1`...); no never-ending server or watcher unless asked. Prefer read_file, list_files and search_files to cat, ls and grep.",
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.command !== "string" || partial.command.trim() === "") return undefined
		const command: ClineAskCommand = { command: partial.command }
		if (typeof partial.cwd === "string" && partial.cwd !== "") command.cwd = partial.cwd
		return { ask: "command", command }
	},
	async execute({ command, cwd }, context) {
		const where = await gatePath(context, cwd ?? ".", { access: "run" })
		if (!where.ok) return where.result
		const folder = where.path

		const ask: ClineAskCommand = { command, isOutsideWorkspace: folder.isOutsideWorkspace }
		if (cwd !== undefined) ask.cwd = displayPath(folder)
		const outcome = await context.approve({ kind: "execute", command: ask, folder: folder.absolute })
		if (!outcome.approved) return deniedResult("running this command", outcome.feedback)
		if (context.signal.aborted) return toolError("The task was cancelled; the command was not run.")
		// Only after the approval: whether a folder outside the workspace exists is for the person to reveal.
		const info = await stat(folder.absolute).catch(() => undefined)
		if (info === undefined || !info.isDirectory())
			return toolError(
				`The cwd ${displayPath(folder)} is not an existing folder; the command was not run. Give a folder that exists, or omit cwd.`,
			)

		const run = await runCommand(command, folder.absolute, context, outcome.sandbox, outcome.automatic)
		const failure = outcome.sandbox && failedInSandbox(run, outcome.sandbox, folder.absolute)
		if (!failure) return report(run, outcome.feedback, context.settings.commandTimeoutSec)

		// The sandbox stopped it: only a person can let it run outside.
		const inSandbox = `The command ran automatically in the OS sandbox and failed there: ${failure}.\n${output(run)}`
		const retry = await context.approve({
			kind: "execute",
			command: { ...ask, sandboxFailure: failure },
			folder: folder.absolute,
		})
		if (!retry.approved)
			return withFeedback(
				`${inSandbox}\n\nThe user was asked to run it outside the sandbox and declined. Find a way that stays in the workspace (and off the network), or ask the user.`,
				retry.feedback,
				true,
			)
		if (context.signal.aborted) return toolError("The task was cancelled; the command was not run again.")
		const unsandboxed = await runCommand(command, folder.absolute, context, undefined, false)
		const lead = `${inSandbox}\n\nThe user approved running it outside the sandbox. That run:\n`
		return report(unsandboxed, retry.feedback, context.settings.commandTimeoutSec, lead)
	},
}
