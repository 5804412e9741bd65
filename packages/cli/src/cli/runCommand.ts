import { ExitCode } from "@cairn/core"
import { t } from "../i18n/cliI18n.js"
import { PromptManager } from "../input/PromptManager.js"
import { colorWanted, createStyle } from "../output/style.js"
import { createRuntime, type CliRuntime } from "../session/CliRuntime.js"
import { runFleetCommand } from "../fleet/fleetCommand.js"
import { runResultsCommand } from "../fleet/resultsCommand.js"
import { runBoardCommand } from "../session/boardCommands.js"
import { runCheckpointCommand } from "../session/checkpointCommand.js"
import { runImportCommand } from "../session/importCommand.js"
import { listTasks } from "../session/listTasks.js"
import { listCommands } from "../session/commandsList.js"
import { listSkills } from "../session/skillsList.js"
import { listModes } from "../session/modesList.js"
import { listMcpServers } from "../session/mcpList.js"
import { runModelsCommand } from "../session/modelsCommand.js"
import { runPromptStream } from "../session/runPromptStream.js"
import { runOneShot } from "../session/runOneShot.js"
import { oneLineError, type ParsedCommand } from "./commandLine.js"
import { UsageError } from "./exitCodes.js"
import type { CliProcess } from "./main.js"
import { resolveRunOptions, type RunOptions } from "./runOptions.js"

type Mode = "stream" | "tui" | "plain"

function modeOf(options: RunOptions, io: CliProcess): Mode {
	if (options.stdinPromptStream) return "stream"
	const terminal = io.stdin.isTTY === true && io.stdout.isTTY === true
	// The TUI starts its tasks itself, in place: a task in a worktree runs as a one-shot run does.
	if (options.outputFormat === "text" && options.tui && terminal && options.worktree === undefined)
		return "tui"
	return "plain"
}

/** JSON modes own stdout: stray console output (a library's warning) goes to stderr instead. */
function quietConsole(stderr: CliProcess["stderr"]): void {
	const toStderr = (...args: unknown[]) => void stderr.write(`${args.map(String).join(" ")}\n`)
	console.log = toStderr
	console.info = toStderr
	console.debug = toStderr
}

async function runTasks(
	rt: CliRuntime,
	mode: Mode,
	io: CliProcess,
	prompt: PromptManager | undefined,
): Promise<number> {
	const stderr = (text: string) => void io.stderr.write(text)
	if (mode === "stream") return runPromptStream(rt, { input: io.stdin, onSignal: io.onSignal })
	if (mode === "tui") {
		// Ink and React load only when the TUI is used: scripts start faster without them.
		const { runTui } = await import("../tui/runTui.js")
		return runTui(rt, { onSignal: io.onSignal, stderr })
	}
	rt.output.init(rt.initInfo())
	return runOneShot(rt, { ...(prompt && { person: prompt }), onSignal: io.onSignal, stderr })
}

/** Runs a parsed command line (anything but help, version or a usage error) and returns the exit code. */
export async function runCommand(
	parsed: Exclude<ParsedCommand, { kind: "exit" }>,
	io: CliProcess,
): Promise<number> {
	let rt: CliRuntime | undefined
	let prompt: PromptManager | undefined
	try {
		const options = await resolveRunOptions(
			parsed.flags,
			parsed.kind === "run" ? parsed.words : [],
			parsed.outputFormatGiven,
			{ env: io.env, cwd: io.cwd },
		)
		if (parsed.kind === "fleetRun") {
			quietConsole(io.stderr)
			return await runFleetCommand(parsed.command, parsed.flags, options, io)
		}
		if (parsed.kind === "fleetResults")
			return await runResultsCommand(
				parsed.folder,
				io.cwd,
				options.outputFormat,
				(text) => void io.stdout.write(text),
			)
		if (parsed.kind === "listTasks") return await listTasks(options, (text) => void io.stdout.write(text))
		if (parsed.kind === "commandsList")
			return await listCommands(options, (text) => void io.stdout.write(text))
		if (parsed.kind === "skillsList")
			return await listSkills(options, (text) => void io.stdout.write(text))
		if (parsed.kind === "modesList") return await listModes(options, (text) => void io.stdout.write(text))
		if (parsed.kind === "models")
			return await runModelsCommand(
				parsed.action,
				options,
				{ env: io.env },
				{
					stdout: (text) => void io.stdout.write(text),
					stderr: (text) => void io.stderr.write(text),
				},
			)
		if (parsed.kind === "mcpList")
			return await listMcpServers(options, {
				onSignal: io.onSignal,
				write: (text) => void io.stdout.write(text),
			})
		if (parsed.kind === "board")
			return await runBoardCommand(options, parsed.command, {
				stdout: (text) => void io.stdout.write(text),
				stderr: (text) => void io.stderr.write(text),
			})
		if (parsed.kind === "import")
			return await runImportCommand(
				options,
				parsed.source,
				parsed.from,
				io.cwd,
				(text) => void io.stdout.write(text),
			)
		if (parsed.kind === "checkpoints")
			return await runCheckpointCommand(options, parsed.command, {
				stdout: (text) => void io.stdout.write(text),
				stderr: (text) => void io.stderr.write(text),
			})
		const mode = modeOf(options, io)
		const interactive = mode === "plain" && options.outputFormat === "text" && io.stdin.isTTY === true
		if (options.outputFormat !== "text") quietConsole(io.stderr)
		if (interactive) {
			const style = createStyle(colorWanted(io.stdout, io.env))
			// Questions go where the person looks: stderr when stdout is redirected to a file or pipe.
			const output = io.stdout.isTTY === true ? io.stdout : io.stderr
			prompt = new PromptManager({ input: io.stdin, output, style })
		}
		if (options.prompt === undefined && options.resume === undefined && mode === "plain") {
			if (prompt === undefined) throw new UsageError(t("errors.noPrompt"))
			const line = (await prompt.line(t("prompt.whatToDo"))).trim()
			if (line === "") throw new UsageError(t("errors.noPromptGiven"))
			options.prompt = line
		}
		rt = await createRuntime(options, {
			env: io.env,
			write: mode === "tui" ? () => {} : (text) => void io.stdout.write(text),
			color: colorWanted(io.stdout, io.env),
			stderrLogs: mode !== "tui",
		})
		return await runTasks(rt, mode, io, prompt)
	} catch (error) {
		if (error instanceof UsageError) {
			io.stderr.write(oneLineError(error.message))
			return ExitCode.usage
		}
		io.stderr.write(`cairn: ${error instanceof Error ? error.message : String(error)}\n`)
		return ExitCode.failed
	} finally {
		prompt?.close()
		await rt?.dispose()
	}
}
