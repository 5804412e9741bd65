import { Argument, Command, CommanderError, Option } from "commander"
import { builtInModes, ExitCode } from "@cairn/core"
import { bedrockAuthMethods, providerKinds, providerNames } from "@cairn/types"
import type { ModelsAction } from "../session/modelsCommand.js"
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
}

export type ParsedCommand =
	| { kind: "run"; flags: Flags; words: string[]; outputFormatGiven: boolean }
	| { kind: "listTasks"; flags: Flags; outputFormatGiven: boolean }
	| { kind: "mcpList"; flags: Flags; outputFormatGiven: boolean }
	| { kind: "commandsList"; flags: Flags; outputFormatGiven: boolean }
	| { kind: "models"; action: ModelsAction; flags: Flags; outputFormatGiven: boolean }
	| {
			kind: "checkpoints"
			flags: Flags
			outputFormatGiven: boolean
			command: CheckpointCommand
	  }
	| { kind: "exit"; code: number }

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
	return `cairn: ${text}\n`
}

function buildProgram(io: CommandLineIO, onParsed: (parsed: ParsedCommand) => void): Command {
	const program = new Command("cairn")
	program
		.description("Cairn, the open-source AI coding agent, in a terminal or a script.")
		.version(cliVersion, "-V, --version", "print the version")
		.helpOption("-h, --help", "show this help")
		.argument("[prompt...]", "the task (the words are joined with spaces)")
		.option("-P, --prompt <text>", "the task")
		.option("--prompt-file <path>", "read the task from a file")
		.option("-y, --yes", "approve tool, command, MCP and browser requests without asking")
		.option("--no-tui", "plain streaming output, even in a terminal")
		.option("-w, --workspace <dir>", "the folder the agent works in (default: the current folder)")
		.addOption(new Option("--provider <name>", "the model API").choices(cliProviderNames))
		.option("--model <id>", "the model id")
		.option(
			"--api-key <key>",
			"the API key (else ANTHROPIC_API_KEY / OPENAI_API_KEY / GEMINI_API_KEY / OPENROUTER_API_KEY; Ollama, LM Studio and Vertex need none; Bedrock: its API key or the secret access key)",
		)
		.option("--base-url <url>", "the API endpoint (any OpenAI-compatible server with --provider openai)")
		.option("--vertex-project-id <id>", "Vertex AI: the Google Cloud project (remembered)")
		.option("--vertex-region <region>", "Vertex AI: the region, e.g. us-east5 or global (remembered)")
		.option(
			"--vertex-credentials-file <path>",
			"Vertex AI: a service account's JSON key file (remembered; else Application Default Credentials)",
		)
		.option(
			"--context-window <tokens>",
			"the model's context window, where Cairn does not know it or knows it wrong (remembered for this model)",
		)
		.option(
			"--max-output-tokens <tokens>",
			"the most tokens the model may answer with (remembered for this model)",
		)
		.option("--region <region>", "AWS Bedrock: the AWS region, e.g. us-east-1 (remembered)")
		.addOption(
			new Option(
				"--aws-auth <how>",
				"AWS Bedrock: how to sign in (default: from the flags given, else the SDK's credential chain)",
			).choices(bedrockAuthMethods),
		)
		.option(
			"--aws-profile <name>",
			"AWS Bedrock: the profile of ~/.aws to sign in with (implies --aws-auth profile)",
		)
		.option(
			"--aws-access-key-id <id>",
			"AWS Bedrock: the access key id, its secret given by --api-key (implies --aws-auth accessKeys)",
		)
		.option("--profile <name>", "the saved provider profile to use (remembered as the current one)")
		.option(
			"--mode <slug>",
			`the mode to work in (${builtInModes.map((mode) => mode.slug).join(", ")}, or a custom mode's slug)`,
		)
		.addOption(
			new Option("--output-format <format>", "what stdout carries")
				.choices(outputFormats)
				.default("text"),
		)
		.option("-d, --debug", "log to $CAIRN_HOME/cli-debug.log (secrets redacted)")
		.option(
			"--stdin-prompt-stream",
			"take NDJSON commands on stdin (start, message, condense, cancel, ping, shutdown, ...)",
		)
		.option("--session-id <id>", "continue the task with this id")
		.option("-c, --continue", "continue the latest task of this workspace")
		.option("--allow-outside-workspace", "with -y, also approve paths and commands outside the workspace")
		.option(
			"--allow-protected",
			"with -y, also approve edits to protected files (.cairn/, .vscode/, .git/, ...)",
		)
		.option(
			"--no-checkpoints",
			"save no checkpoints in this run (the workspace's files before each change; see `cairn checkpoints`)",
		)
		.option(
			"--trust-workspace-hooks",
			"run the hooks of the workspace's .cairn/hooks.json as it is now (remembered until it changes; -y does not imply it)",
		)
		.option("--mcp-config <file>", "the MCP servers config file (default: $CAIRN_HOME/mcp.json)")
		.option(
			"--allow-project-mcp",
			"start the MCP servers of the workspace's .cairn/mcp.json as it is now (remembered until it changes; -y does not imply it)",
		)
		.addHelpText(
			"after",
			[
				"",
				"Exit codes: 0 completed, 1 failed, 2 usage error, 3 needs a person, 4 the task could not be saved, 130 interrupted.",
				"Storage: $CAIRN_HOME (default ~/.cairn) holds tasks, settings and secrets.",
			].join("\n"),
		)
		.showSuggestionAfterError(true)
		.exitOverride()
		.configureOutput({
			writeOut: io.stdout,
			writeErr: io.stderr,
			outputError: (message, write) => write(oneLineError(message)),
		})
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
		.description("list things: `cairn list tasks` shows this workspace's tasks, newest first")
		.addArgument(new Argument("<what>", "what to list").choices(["tasks"]))
		.exitOverride()
		.configureOutput({
			writeOut: io.stdout,
			writeErr: io.stderr,
			outputError: (message, write) => write(oneLineError(message)),
		})
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
		kind: "mcpList" | "commandsList" | "models",
		actions: readonly string[] = ["list"],
	) =>
		program
			.command(name)
			.description(description)
			.addArgument(new Argument("<action>", "what to do").choices(actions))
			.option("--json", "print JSON (the same as --output-format json)")
			.exitOverride()
			.configureOutput({
				writeOut: io.stdout,
				writeErr: io.stderr,
				outputError: (message, write) => write(oneLineError(message)),
			})
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
	listCommand("mcp", "MCP servers: `cairn mcp list` shows each server, its status and its tools", "mcpList")
	listCommand(
		"commands",
		"slash commands: `cairn commands list` shows the built-in ones and those of .cairn/commands/ and $CAIRN_HOME/settings/commands/",
		"commandsList",
	)
	listCommand(
		"models",
		"the provider's models: `cairn models list` shows each with its context window and prices; `cairn models test` checks the key, the address and the model id",
		"models",
		["list", "test"],
	)
	program
		.command("checkpoints")
		.description(
			"a task's checkpoints: list them, print what changed since one (a unified diff), or restore the files to one",
		)
		.argument("<task-id>", "the task (see `cairn list tasks`)")
		.addArgument(
			new Argument("[action]", "what to do").choices(["list", "diff", "restore"]).default("list"),
		)
		.argument("[checkpoint-id]", "the checkpoint: its id or a unique prefix of 7 or more characters")
		.option("--with-task", "restore: also rewind the task to the checkpoint (the rewound part is kept)")
		.option("--since-task", "diff: every change since the task's first checkpoint")
		.exitOverride()
		.configureOutput({
			writeOut: io.stdout,
			writeErr: io.stderr,
			outputError: (message, write) => write(oneLineError(message)),
		})
		.action(
			(
				taskId: string,
				action: "list" | "diff" | "restore",
				id: string | undefined,
				options: { withTask?: boolean; sinceTask?: boolean },
				command: Command,
			) => {
				if (action !== "list" && id === undefined) {
					command.error(`error: ${action} needs a checkpoint id`, { exitCode: ExitCode.usage })
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
	return program
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
