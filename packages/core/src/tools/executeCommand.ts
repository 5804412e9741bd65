import { stat } from "node:fs/promises"
import type { ClineAskCommand } from "@cairn/types"
import { z } from "zod"
import { displayPath, gatePath } from "../approval/pathGate.js"
import { CommandKilled } from "../commands/commandKilled.js"
import { commandExitInfo } from "../commands/commandExitInfo.js"
import { CommandLog } from "../commands/commandLog.js"
import type { CommandExit } from "../host/Host.js"
import { createdProtectedFailure, sandboxFailure } from "../sandbox/sandboxFailure.js"
import type { SandboxPolicy } from "../sandbox/sandboxPolicy.js"
import type { PersonFeedback, ToolContext, ToolDefinition, ToolResult } from "./toolDefinition.js"
import { OutputCollector } from "./support/outputCollector.js"
import { deniedResult, toolError, withFeedback } from "./support/toolResults.js"

const params = z.object({
	command: z.string().trim().min(1).describe("The command line."),
	cwd: z.string().min(1).optional().describe("The folder to run in (default: the workspace root)."),
	background: z
		.boolean()
		.optional()
		.describe(
			"Run on in the background (a dev server, a watcher): returns at once with an id for read_command_output and stop_command; it ends with the task.",
		),
})
export type ExecuteCommandParams = z.infer<typeof params>

function describeExit(exit: CommandExit, stop: CommandRun["stop"], timeoutSec: number): string {
	if (stop === "cancelled") return "The command was stopped because the task was cancelled."
	if (stop === "killed") return "The user stopped the command; the task goes on."
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

interface CommandRun {
	/** "background": it runs on (asked for, or the person chose Proceed While Running) under `id`. */
	exit: CommandExit | "background"
	/** Whether the task was cancelled, or the person killed the command, while it ran. */
	stop: "cancelled" | "killed" | undefined
	output: OutputCollector
	/** The id read_command_output knows it by: a background command, or a finished one whose output was cut. */
	id?: string
}

interface RunRequest {
	command: string
	cwd: string
	/** The cwd as the person saw it on the ask, for the background row. */
	shownCwd: string | undefined
	sandbox: SandboxPolicy | undefined
	asAnalysed: boolean
	background: boolean
}

/**
 * Runs the command and waits until it ends, the task is cancelled, or it runs on in the background
 * (asked for, or the person chose "Proceed While Running"; where the task keeps no background
 * commands, Proceed lets the process run on unnamed). Its whole output is logged, so that what the
 * model is shown cut can be read in full.
 */
async function runCommand(request: RunRequest, context: ToolContext): Promise<CommandRun> {
	const { command, cwd, background } = request
	const timeoutSec = context.settings.commandTimeoutSec
	const output = new OutputCollector()
	const log = new CommandLog()
	let foreground = !background
	const running = context.host.runCommand(command, {
		cwd,
		// A server or watcher runs on until it is stopped or the task ends.
		timeoutMs: !background && timeoutSec > 0 ? timeoutSec * 1000 : undefined,
		onOutput: (chunk) => {
			log.push(chunk)
			if (!foreground) return
			output.push(chunk)
			context.commandOutput(chunk)
		},
		passedVariables: context.settings.commandEnvironment,
		...(request.sandbox && { sandbox: request.sandbox }),
		...(request.asAnalysed && { asAnalysed: request.asAnalysed }),
		...(background && { background }),
	})
	const runOn = (): CommandRun => {
		foreground = false
		const id = context.commands?.runOn(command, request.shownCwd, running, log)
		return { exit: "background", stop: undefined, output, ...(id !== undefined && { id }) }
	}
	if (background) return runOn()
	let stop: CommandRun["stop"]
	const onAbort = () => {
		stop = context.signal.reason instanceof CommandKilled ? "killed" : "cancelled"
		running.kill()
	}
	context.signal.addEventListener("abort", onAbort, { once: true })
	const proceeded = new Promise<"proceeded">((resolve) => {
		if (context.proceedSignal?.aborted) resolve("proceeded")
		context.proceedSignal?.addEventListener("abort", () => resolve("proceeded"), { once: true })
	})
	try {
		const exit = await Promise.race([running.done, proceeded])
		if (exit === "proceeded") {
			context.commandEnded({ proceeded: true })
			return runOn()
		}
		const info = commandExitInfo(exit, stop !== undefined)
		context.commandEnded(info)
		const id = output.cut ? context.commands?.keep(command, info, log) : undefined
		return { exit, stop, output, ...(id !== undefined && { id }) }
	} finally {
		context.signal.removeEventListener("abort", onAbort)
	}
}

/** Why a sandboxed run failed because of the sandbox; undefined when it did not, or failed on its own. */
function failedInSandbox(run: CommandRun, policy: SandboxPolicy, cwd: string): string | undefined {
	if (run.stop !== undefined || run.exit === "background") return undefined
	// It may have exited 0: what it made of a protected path was removed, and only a person may let it.
	if (run.exit.createdProtected !== undefined)
		return createdProtectedFailure(run.exit.createdProtected, policy)
	if (run.exit.timedOut) return undefined
	if (run.exit.exitCode === 0 || run.exit.exitCode === undefined) return undefined
	return sandboxFailure(run.output.render(), policy, cwd)
}

function output(run: CommandRun): string {
	const text = run.output.render()
	if (text.trim() === "") return "(no output)"
	if (run.id === undefined) return `Output:\n${text}`
	const breakLine = text.endsWith("\n") ? "" : "\n"
	return `Output:\n${text}${breakLine}(Output cut: read_command_output with id "${run.id}" and all: true reads all of it.)`
}

/** The result for the model; `lead` tells what happened before this run. */
function report(
	run: CommandRun,
	feedback: PersonFeedback | undefined,
	timeoutSec: number,
	lead = "",
	asked = false,
): ToolResult {
	if (run.exit === "background") {
		const soFar = run.output.render()
		const body = soFar.trim() === "" ? "" : `\nOutput so far:\n${soFar}`
		const why = asked
			? "The command runs in the background"
			: "The command is still running: the user chose to let you continue while it runs"
		const named =
			run.id === undefined
				? "."
				: ` as "${run.id}": read_command_output reads its new output, stop_command stops it. It ends with the task.`
		return withFeedback(`${lead}${why}${named}${body}`, feedback, false)
	}
	const result = `${lead}${describeExit(run.exit, run.stop, timeoutSec)}\n${output(run)}`
	return { ...withFeedback(result, feedback, run.stop !== undefined), commandExit: run.exit }
}

export const executeCommandTool: ToolDefinition<ExecuteCommandParams> = {
	name: "execute_command",
	description: [
		"Run a command line in the user's shell: its exit code and output (long output cut to its start and end).",
		"It must not wait for input (use `-y`, `--no-pager`, `CI=1`...); a server or watcher only with background: true. Prefer read_file, list_files and search_files to cat, ls and grep.",
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.command !== "string" || partial.command.trim() === "") return undefined
		const command: ClineAskCommand = { command: partial.command }
		if (typeof partial.cwd === "string" && partial.cwd !== "") command.cwd = partial.cwd
		if (partial.background === true) command.background = true
		return { ask: "command", command }
	},
	async execute({ command, cwd, background }, context) {
		const where = await gatePath(context, cwd ?? ".", { access: "run" })
		if (!where.ok) return where.result
		const folder = where.path

		const ask: ClineAskCommand = { command, isOutsideWorkspace: folder.isOutsideWorkspace }
		if (cwd !== undefined) ask.cwd = displayPath(folder)
		if (background === true) ask.background = true
		const outcome = await context.approve({ kind: "execute", command: ask, folder: folder.absolute })
		if (!outcome.approved) return deniedResult("running this command", outcome.feedback)
		if (context.signal.aborted) return toolError("The task was cancelled; the command was not run.")
		// Only after the approval: whether a folder outside the workspace exists is for the person to reveal.
		const info = await stat(folder.absolute).catch(() => undefined)
		if (info === undefined || !info.isDirectory())
			return toolError(
				`The cwd ${displayPath(folder)} is not an existing folder; the command was not run. Give a folder that exists, or omit cwd.`,
			)

		const request: RunRequest = {
			command,
			cwd: folder.absolute,
			shownCwd: ask.cwd,
			sandbox: outcome.sandbox,
			asAnalysed: outcome.automatic,
			background: background === true,
		}
		const run = await runCommand(request, context)
		const failure = outcome.sandbox && failedInSandbox(run, outcome.sandbox, folder.absolute)
		if (!failure)
			return report(run, outcome.feedback, context.settings.commandTimeoutSec, "", background === true)

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
		const unsandboxed = await runCommand({ ...request, sandbox: undefined, asAnalysed: false }, context)
		const lead = `${inSandbox}\n\nThe user approved running it outside the sandbox. That run:\n`
		return report(unsandboxed, retry.feedback, context.settings.commandTimeoutSec, lead)
	},
}
