import { Argument, Command, CommanderError, Option, type OutputConfiguration } from "commander"
import { builtInModes, ExitCode } from "@cairn/core/startup"
import { bedrockAuthMethods, providerKinds, providerNames } from "@cairn/types"
import type { FleetRunCommand } from "../fleet/fleetCommand.js"
import type { ModelsAction } from "../session/modelsCommand.js"
import { translatedCommanderError } from "./commanderErrors.js"
import { translatedHelp } from "./helpText.js"
import { t } from "../i18n/cliI18n.js"
import { cliVersion } from "../version.js"

/** The providers a terminal can use: the editor's own language models are not among them. */
export const cliProviderNames = providerNames.filter((name) => providerKinds[name].extensionOnly !== true)

export const outputFormats = ["text", "json", "stream-json"] as const
export type OutputFormat = (typeof outputFormats)[number]

/** The flags as commander parsed them; values are checked further in runOptions.ts. */
export interface Flags {
	prompt?: string
	promptFile?: string
	yes?: boolean
	/** false with --no-tui. */
	tui: boolean
	workspace?: string
	provider?: (typeof providerNames)[number]
	model?: string
	apiKey?: string
	baseUrl?: string
	vertexProjectId?: string
	vertexRegion?: string
	vertexCredentialsFile?: string
	contextWindow?: string
	maxOutputTokens?: string
	maxCost?: string
	maxTokens?: string
	region?: string
	awsAuth?: (typeof bedrockAuthMethods)[number]
	awsProfile?: string
	awsAccessKeyId?: string
	mode?: string
	profile?: string
	outputFormat: OutputFormat
	debug?: boolean
	stdinPromptStream?: boolean
	sessionId?: string
	continue?: boolean
	allowOutsideWorkspace?: boolean
	allowProtected?: boolean
	trustWorkspaceHooks?: boolean
	mcpConfig?: string
	allowProjectMcp?: boolean
	/** `cairn mcp list --json`, `cairn commands list --json`, `cairn models list --json`. */
	json?: boolean
	/** false with --no-checkpoints. */
	checkpoints: boolean
	/** `--worktree [name]`: true without a name. */
	worktree?: string | true
	/** --base <ref>: with --worktree, the branch or commit it starts from. */
	base?: string
	allowWorktreeSetup?: boolean
	otelEndpoint?: string
	otelContent?: boolean
}

export type ParsedCommand =
	| { kind: "run"; flags: Flags; words: string[]; outputFormatGiven: boolean }
	| { kind: "listTasks"; flags: Flags; outputFormatGiven: boolean }
	| { kind: "mcpList"; flags: Flags; outputFormatGiven: boolean }
	| { kind: "commandsList"; flags: Flags; outputFormatGiven: boolean }
	| { kind: "skillsList"; flags: Flags; outputFormatGiven: boolean }
	| { kind: "modesList"; flags: Flags; outputFormatGiven: boolean }
	| { kind: "models"; action: ModelsAction; flags: Flags; outputFormatGiven: boolean }
	| {
			kind: "checkpoints"
			flags: Flags
			outputFormatGiven: boolean
			command: CheckpointCommand
	  }
	| { kind: "board"; flags: Flags; outputFormatGiven: boolean; command: BoardCommand }
	| { kind: "import"; flags: Flags; outputFormatGiven: boolean; source: ImportSourceName; from?: string }
	| { kind: "fleetRun"; flags: Flags; outputFormatGiven: boolean; command: FleetRunCommand }
	| { kind: "fleetResults"; flags: Flags; outputFormatGiven: boolean; folder: string }
	| { kind: "exit"; code: number }

/** `cairn tasks`, `cairn land <task>`, `cairn discard <task>`, `cairn diff <task>`: the board's tasks. */
export type BoardCommand =
	| { action: "tasks" }
	| { action: "land"; task: string; how: "merge" | "apply" | "pullRequest" }
	| { action: "discard"; task: string; yesLoseWork: boolean }
	| { action: "diff"; task: string }

/** `cairn import <source> [path]`: what another tool left behind. */
export const importSourceNames = ["roo", "roo-tasks", "claude"] as const
export type ImportSourceName = (typeof importSourceNames)[number]

/** `cairn checkpoints <task> [list | diff <id> | restore <id>]`. */
export type CheckpointCommand =
	| { action: "list"; taskId: string }
	| { action: "diff"; taskId: string; id: string; sinceTask: boolean }
	| { action: "restore"; taskId: string; id: string; withTask: boolean }

export interface CommandLineIO {
	stdout: (text: string) => void
	stderr: (text: string) => void
}

/** Commander's message as one line: "cairn: unknown option '--foo' (Did you mean --model?)". */
export function oneLineError(message: string): string {
	const text = message
		.replace(/^error: /, "")
		.replace(/\s*\n\s*/g, " ")
		.trim()
	return `cairn: ${translatedCommanderError(text)}\n`
}

function buildProgram(io: CommandLineIO, onParsed: (parsed: ParsedCommand) => void): Command {
	// Every command writes through the caller's streams, and its errors as one line.
	const output: OutputConfiguration = {
		writeOut: io.stdout,
		writeErr: io.stderr,
		outputError: (message, write) => write(oneLineError(message)),
	}
	const program = new Command("cairn")
	program
		.description(t("help.description"))
		.version(cliVersion, "-V, --version", t("help.version"))
		.helpOption("-h, --help", t("help.help"))
		.configureHelp(translatedHelp)
		.argument("[prompt...]", t("help.promptArgument"))
		.option("-P, --prompt <text>", t("help.prompt"))
		.option("--prompt-file <path>", t("help.promptFile"))
		.option("-y, --yes", t("help.yes"))
		.option("--no-tui", t("help.noTui"))
		.option("-w, --workspace <dir>", t("help.workspace"))
		.addOption(new Option("--provider <name>", t("help.provider")).choices(cliProviderNames))
		.option("--model <id>", t("help.model"))
		.option("--api-key <key>", t("help.apiKey"))
		.option("--base-url <url>", t("help.baseUrl"))
		.option("--vertex-project-id <id>", t("help.vertexProjectId"))
		.option("--vertex-region <region>", t("help.vertexRegion"))
		.option("--vertex-credentials-file <path>", t("help.vertexCredentialsFile"))
		.option("--context-window <tokens>", t("help.contextWindow"))
		.option("--max-output-tokens <tokens>", t("help.maxOutputTokens"))
		.option("--max-cost <usd>", t("help.maxCost"))
		.option("--max-tokens <n>", t("help.maxTokens"))
		.option("--region <region>", t("help.region"))
		.addOption(new Option("--aws-auth <how>", t("help.awsAuth")).choices(bedrockAuthMethods))
		.option("--aws-profile <name>", t("help.awsProfile"))
		.option("--aws-access-key-id <id>", t("help.awsAccessKeyId"))
		.option("--profile <name>", t("help.profile"))
		.option("--mode <slug>", t("help.mode", { modes: builtInModes.map((mode) => mode.slug).join(", ") }))
		.addOption(
			new Option("--output-format <format>", t("help.outputFormat"))
				.choices(outputFormats)
				.default("text"),
		)
		.option("-d, --debug", t("help.debug"))
		.option("--stdin-prompt-stream", t("help.stdinPromptStream"))
		.option("--session-id <id>", t("help.sessionId"))
		.option("-c, --continue", t("help.continue"))
		.option("--allow-outside-workspace", t("help.allowOutsideWorkspace"))
		.option("--allow-protected", t("help.allowProtected"))
		.option("--no-checkpoints", t("help.noCheckpoints"))
		.option("--trust-workspace-hooks", t("help.trustWorkspaceHooks"))
		.option("--mcp-config <file>", t("help.mcpConfig"))
		.option("--allow-project-mcp", t("help.allowProjectMcp"))
		.option("--worktree [name]", t("help.worktree"))
		.option("--base <ref>", t("fleet.helpBase"))
		.option("--allow-worktree-setup", t("help.allowWorktreeSetup"))
		.option("--otel-endpoint <url>", t("help.otelEndpoint"))
		.option("--otel-content", t("help.otelContent"))
		.addHelpText("after", ["", t("help.exitCodes"), t("help.storage")].join("\n"))
		.showSuggestionAfterError(true)
		.exitOverride()
		.configureOutput(output)
		.action((words: string[], _options, command: Command) => {
			onParsed({
				kind: "run",
				flags: command.opts<Flags>(),
				words,
				outputFormatGiven: command.getOptionValueSource("outputFormat") !== "default",
			})
		})

	program
		.command("list")
		.description(t("help.list"))
		.addArgument(new Argument("<what>", t("help.listWhat")).choices(["tasks"]))
		.exitOverride()
		.configureOutput(output)
		.action((_what: string, _options, command: Command) => {
			onParsed({
				kind: "listTasks",
				flags: command.optsWithGlobals<Flags>(),
				outputFormatGiven: command.getOptionValueSourceWithGlobals("outputFormat") !== "default",
			})
		})
	/** A `<noun> <action>` subcommand with `--json`. */
	const listCommand = (
		name: string,
		description: string,
		kind: "mcpList" | "commandsList" | "skillsList" | "modesList" | "models",
		actions: readonly string[] = ["list"],
	) =>
		program
			.command(name)
			.description(description)
			.addArgument(new Argument("<action>", t("help.action")).choices(actions))
			.option("--json", t("help.json"))
			.exitOverride()
			.configureOutput(output)
			.action((action: string, _options, command: Command) => {
				const flags = command.optsWithGlobals<Flags>()
				const common = {
					flags: flags.json ? { ...flags, outputFormat: "json" as const } : flags,
					outputFormatGiven:
						flags.json === true ||
						command.getOptionValueSourceWithGlobals("outputFormat") !== "default",
				}
				onParsed(
					kind === "models"
						? { kind, action: action as ModelsAction, ...common }
						: { kind, ...common },
				)
			})
	listCommand("mcp", t("help.mcp"), "mcpList")
	listCommand("commands", t("help.commands"), "commandsList")
	listCommand("skills", t("help.skills"), "skillsList")
	listCommand("modes", t("help.modes"), "modesList")
	listCommand("models", t("help.models"), "models", ["list", "test"])
	program
		.command("checkpoints")
		.description(t("help.checkpoints"))
		.argument("<task-id>", t("help.taskId"))
		.addArgument(
			new Argument("[action]", t("help.action")).choices(["list", "diff", "restore"]).default("list"),
		)
		.argument("[checkpoint-id]", t("help.checkpointId"))
		.option("--with-task", t("help.withTask"))
		.option("--since-task", t("help.sinceTask"))
		.exitOverride()
		.configureOutput(output)
		.action(
			(
				taskId: string,
				action: "list" | "diff" | "restore",
				id: string | undefined,
				options: { withTask?: boolean; sinceTask?: boolean },
				command: Command,
			) => {
				if (action !== "list" && id === undefined) {
					command.error(`error: ${t("errors.needsCheckpointId", { action })}`, {
						exitCode: ExitCode.usage,
					})
					return
				}
				onParsed({
					kind: "checkpoints",
					flags: command.optsWithGlobals<Flags>(),
					outputFormatGiven: command.getOptionValueSourceWithGlobals("outputFormat") !== "default",
					command:
						action === "list"
							? { action, taskId }
							: action === "diff"
								? { action, taskId, id: id ?? "", sinceTask: options.sinceTask === true }
								: { action, taskId, id: id ?? "", withTask: options.withTask === true },
				})
			},
		)
	program
		.command("import")
		.description(t("help.import"))
		.addArgument(new Argument("<what>", t("help.importWhat")).choices(importSourceNames))
		.argument("[path]", t("help.importPath"))
		.option("--json", t("help.json"))
		.exitOverride()
		.configureOutput(output)
		.action((source: ImportSourceName, from: string | undefined, _options, command: Command) => {
			if (source === "roo" && from === undefined) {
				command.error(`error: ${t("imports.needsFile")}`, { exitCode: ExitCode.usage })
				return
			}
			const flags = command.optsWithGlobals<Flags>()
			onParsed({
				kind: "import",
				flags: flags.json ? { ...flags, outputFormat: "json" } : flags,
				outputFormatGiven:
					flags.json === true ||
					command.getOptionValueSourceWithGlobals("outputFormat") !== "default",
				source,
				...(from !== undefined && { from }),
			})
		})
	program
		.command("run")
		.description(t("fleet.helpRun"))
		.argument("<file>", t("fleet.helpRunFile"))
		.option("--concurrency <n>", t("fleet.helpConcurrency"))
		.option("--results <dir>", t("fleet.helpResults"))
		.option("--shard <i/n>", t("fleet.helpShard"))
		.exitOverride()
		.configureOutput(output)
		.action((file: string, options: Omit<FleetRunCommand, "file">, command: Command) =>
			onParsed({
				kind: "fleetRun",
				flags: command.optsWithGlobals<Flags>(),
				outputFormatGiven: command.getOptionValueSourceWithGlobals("outputFormat") !== "default",
				command: {
					file,
					...(options.concurrency !== undefined && { concurrency: options.concurrency }),
					...(options.results !== undefined && { results: options.results }),
					...(options.shard !== undefined && { shard: options.shard }),
				},
			}),
		)
	program
		.command("results")
		.description(t("fleet.helpResultsCommand"))
		.argument("<folder>", t("fleet.helpResultsFolder"))
		.option("--json", t("help.json"))
		.exitOverride()
		.configureOutput(output)
		.action((folder: string, _options, command: Command) => {
			const flags = command.optsWithGlobals<Flags>()
			onParsed({
				kind: "fleetResults",
				flags: flags.json ? { ...flags, outputFormat: "json" } : flags,
				outputFormatGiven:
					flags.json === true ||
					command.getOptionValueSourceWithGlobals("outputFormat") !== "default",
				folder,
			})
		})
	/** A subcommand on the board's tasks, its errors on one line. */
	const boardCommand = (name: string, description: string) =>
		program
			.command(name)
			.description(description)
			.addHelpText("after", `\n${t("help.boardExitCodes")}`)
			.exitOverride()
			.configureOutput(output)
	const onBoard = (command: Command, board: BoardCommand) =>
		onParsed({
			kind: "board",
			flags: command.optsWithGlobals<Flags>(),
			outputFormatGiven: command.getOptionValueSourceWithGlobals("outputFormat") !== "default",
			command: board,
		})
	boardCommand("tasks", t("help.tasks"))
		.alias("ps")
		.action((_options, command: Command) => onBoard(command, { action: "tasks" }))
	boardCommand("land", t("help.land"))
		.argument("<task>", t("help.boardTask"))
		.addOption(
			new Option("--how <how>", t("help.landHow")).choices(["merge", "apply", "pr"]).default("merge"),
		)
		.action((task: string, options: { how: "merge" | "apply" | "pr" }, command: Command) =>
			onBoard(command, {
				action: "land",
				task,
				how: options.how === "pr" ? "pullRequest" : options.how,
			}),
		)
	boardCommand("discard", t("help.discard"))
		.argument("<task>", t("help.boardTask"))
		.option("--yes-lose-work", t("help.yesLoseWork"))
		.action((task: string, options: { yesLoseWork?: boolean }, command: Command) =>
			onBoard(command, { action: "discard", task, yesLoseWork: options.yesLoseWork === true }),
		)
	boardCommand("diff", t("help.diff"))
		.argument("<task>", t("help.boardTask"))
		.action((task: string, _options, command: Command) => onBoard(command, { action: "diff", task }))
	return program
}

/** The command line as commander defines it, for what reads its definition (the docs' flag check). */
export function commandLineProgram(): Command {
	return buildProgram({ stdout: () => {}, stderr: () => {} }, () => {})
}

/** Parses argv (without node and the script). Help, version and errors come back as an exit code. */
export function parseCommandLine(argv: readonly string[], io: CommandLineIO): ParsedCommand {
	let parsed: ParsedCommand | undefined
	const program = buildProgram(io, (result) => (parsed = result))
	try {
		program.parse([...argv], { from: "user" })
	} catch (error) {
		if (error instanceof CommanderError) {
			const ok = error.code === "commander.helpDisplayed" || error.code === "commander.version"
			return { kind: "exit", code: ok || error.exitCode === 0 ? 0 : ExitCode.usage }
		}
		throw error
	}
	return parsed ?? { kind: "exit", code: ExitCode.usage }
}
