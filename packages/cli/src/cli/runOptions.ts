import { readFile, stat } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import {
	gitRefSchema,
	modeSlugSchema,
	worktreeNameSchema,
	type BudgetLimit,
	type ProviderName,
} from "@cairn/types"
import type { BedrockFlags, VertexFlags } from "../host/providerSetup.js"
import type { Flags, OutputFormat } from "./commandLine.js"
import { UsageError } from "./exitCodes.js"
import { listOf, t } from "../i18n/cliI18n.js"

/** Everything a run needs, checked: paths resolved, values valid, conflicts refused. */
export interface RunOptions {
	prompt: string | undefined
	/** Continue a stored task: its id, or "latest" for -c. */
	resume: { taskId: string } | { latest: true } | undefined
	autoApprove: boolean
	allowOutsideWorkspace: boolean
	allowProtected: boolean
	trustWorkspaceHooks: boolean
	tui: boolean
	workspace: string
	cairnHome: string
	provider: ProviderName | undefined
	model: string | undefined
	apiKey: string | undefined
	baseUrl: string | undefined
	/** Vertex AI's project, region and credentials file, as given (the file made absolute). */
	vertex: VertexFlags | undefined
	/** Overrides of the model's window and output cap, in tokens. */
	contextWindow: number | undefined
	maxOutputTokens: number | undefined
	/** --region, --aws-auth, --aws-profile and --aws-access-key-id, as given. */
	bedrock: BedrockFlags
	mode: string | undefined
	/** The saved profile to select, by name; checked against the saved ones once they are read. */
	profile: string | undefined
	outputFormat: OutputFormat
	debug: boolean
	stdinPromptStream: boolean
	/** False: this run saves no checkpoints (--no-checkpoints); the setting is left as it is. */
	checkpoints: boolean
	/** --max-cost and --max-tokens: each task's budget in this run (subtasks included); the setting is left as it is. */
	taskBudget: BudgetLimit | undefined
	/** The MCP servers config file (absolute): --mcp-config, else $CAIRN_HOME/mcp.json. */
	mcpConfigFile: string
	allowProjectMcp: boolean
	/** --worktree: the task runs in a new worktree of the workspace (named, or a name is made), from --base or HEAD. */
	worktree: { name?: string; base?: string } | undefined
	/** --allow-worktree-setup: the person agrees to the workspace's .cairn/worktree.json as it is. */
	allowWorktreeSetup: boolean
	/** --otel-endpoint (and --otel-content): this run's OpenTelemetry export, whatever the settings say. */
	telemetry: { endpoint: string; exportContent: boolean } | undefined
}

export interface Environment {
	env: NodeJS.ProcessEnv
	cwd: string
}

/** $CAIRN_HOME, else ~/.cairn. */
export function cairnHomeOf(env: NodeJS.ProcessEnv): string {
	const configured = env.CAIRN_HOME?.trim()
	return path.resolve(configured ? configured : path.join(os.homedir(), ".cairn"))
}

const nonEmpty = (flag: string, value: string | undefined): string | undefined => {
	if (value === undefined) return undefined
	if (value.trim() === "") throw new UsageError(t("errors.needsValue", { flag }))
	return value
}

function vertexFlags(flags: Flags, cwd: string): VertexFlags | undefined {
	const projectId = nonEmpty("--vertex-project-id", flags.vertexProjectId)?.trim()
	const region = nonEmpty("--vertex-region", flags.vertexRegion)?.trim()
	const file = nonEmpty("--vertex-credentials-file", flags.vertexCredentialsFile)
	if (projectId === undefined && region === undefined && file === undefined) return undefined
	return {
		...(projectId !== undefined && { projectId }),
		...(region !== undefined && { region }),
		...(file !== undefined && { credentialsFile: path.resolve(cwd, file) }),
	}
}

async function readPromptFile(file: string, cwd: string): Promise<string> {
	let text: string
	try {
		text = await readFile(path.resolve(cwd, file), "utf8")
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code ?? String(error)
		throw new UsageError(t("errors.cannotReadPromptFile", { file, code }))
	}
	if (text.trim() === "") throw new UsageError(t("errors.promptFileEmpty", { file }))
	return text
}

async function resolveWorkspace(flag: string | undefined, cwd: string): Promise<string> {
	const dir = path.resolve(cwd, flag ?? ".")
	const info = await stat(dir).catch(() => undefined)
	if (info === undefined || !info.isDirectory()) throw new UsageError(t("errors.notAFolder", { dir }))
	return dir
}

function checkBaseUrl(value: string | undefined): string | undefined {
	if (value === undefined) return undefined
	let url: URL
	try {
		url = new URL(value)
	} catch {
		throw new UsageError(t("errors.notAUrl", { value }))
	}
	if (url.protocol !== "http:" && url.protocol !== "https:")
		throw new UsageError(t("errors.notHttpUrl", { value }))
	return value
}

/** --otel-endpoint: an OTLP/HTTP collector's base URL; --otel-content only with it. */
function telemetryOf(flags: Flags): RunOptions["telemetry"] {
	const endpoint = nonEmpty("--otel-endpoint", flags.otelEndpoint)
	if (endpoint === undefined) {
		if (flags.otelContent === true) throw new UsageError(t("errors.otelContentAlone"))
		return undefined
	}
	const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined
	if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:"))
		throw new UsageError(t("errors.otelEndpointNotHttp", { value: endpoint }))
	return { endpoint, exportContent: flags.otelContent === true }
}

/** Dollars, as --max-cost takes them: a positive number ("0.50", "2"). */
function dollars(flag: string, value: string | undefined): number | undefined {
	if (value === undefined) return undefined
	const text = value.trim()
	const amount = /^\d+(\.\d+)?$|^\.\d+$/.test(text) ? Number(text) : Number.NaN
	if (!Number.isFinite(amount) || amount <= 0) throw new UsageError(t("errors.notDollars", { flag, value }))
	return amount
}

function taskBudgetOf(flags: { maxCost?: string; maxTokens?: string }): BudgetLimit | undefined {
	const maxCost = dollars("--max-cost", flags.maxCost)
	const maxTokens = tokenCount("--max-tokens", flags.maxTokens)
	if (maxCost === undefined && maxTokens === undefined) return undefined
	return {
		...(maxCost !== undefined && { maxCost }),
		...(maxTokens !== undefined && { maxTokens }),
	}
}

function tokenCount(flag: string, value: string | undefined): number | undefined {
	if (value === undefined) return undefined
	const text = value.trim().replace(/_/g, "")
	const count = /^\d+$/.test(text) ? Number(text) : Number.NaN
	if (!Number.isSafeInteger(count) || count <= 0)
		throw new UsageError(t("errors.notTokenCount", { flag, value }))
	return count
}

/**
 * Only the form of the slug is checked here: custom modes are known once the workspace's modes
 * files are read, and the host refuses an unknown mode with the list of modes there are.
 */
function checkMode(value: string | undefined): string | undefined {
	if (value === undefined) return undefined
	const parsed = modeSlugSchema.safeParse(value)
	if (!parsed.success)
		throw new UsageError(
			t("errors.notModeSlug", { value, reason: parsed.error.issues[0]?.message ?? "invalid" }),
		)
	return value
}

/** --worktree's name and --base, checked as the board checks them; only for a new task. */
function worktreeOf(flags: Flags, resuming: boolean): RunOptions["worktree"] {
	if (flags.worktree === undefined) {
		if (flags.base !== undefined) throw new UsageError(t("fleet.baseNeedsWorktree"))
		return undefined
	}
	if (resuming || flags.stdinPromptStream) throw new UsageError(t("errors.worktreeNewTaskOnly"))
	const base = baseOf(flags.base)
	if (flags.worktree === true) return base === undefined ? {} : { base }
	const parsed = worktreeNameSchema.safeParse(flags.worktree)
	if (!parsed.success)
		throw new UsageError(
			t("errors.badWorktreeName", {
				value: flags.worktree,
				reason: parsed.error.issues[0]?.message ?? "invalid",
			}),
		)
	return { name: parsed.data, ...(base !== undefined && { base }) }
}

function baseOf(value: string | undefined): string | undefined {
	if (value === undefined) return undefined
	const parsed = gitRefSchema.safeParse(value)
	if (!parsed.success)
		throw new UsageError(
			t("fleet.badBase", { value, reason: parsed.error.issues[0]?.message ?? "invalid" }),
		)
	return parsed.data
}

/** Checks the flags of a run and turns them into RunOptions; a bad one throws a UsageError. */
export async function resolveRunOptions(
	flags: Flags,
	words: readonly string[],
	outputFormatGiven: boolean,
	environment: Environment,
): Promise<RunOptions> {
	const positional = words.join(" ").trim()
	const sources = [
		positional !== "" ? t("errors.promptAsArgument") : undefined,
		flags.prompt !== undefined ? "-P/--prompt" : undefined,
		flags.promptFile !== undefined ? "--prompt-file" : undefined,
	].filter((s) => s !== undefined)
	if (sources.length > 1) throw new UsageError(t("errors.promptTwice", { sources: listOf(sources) }))
	const prompt =
		positional !== ""
			? positional
			: flags.promptFile !== undefined
				? await readPromptFile(flags.promptFile, environment.cwd)
				: nonEmpty("-P/--prompt", flags.prompt)

	const sessionId = nonEmpty("--session-id", flags.sessionId)
	if (sessionId !== undefined && flags.continue) throw new UsageError(t("errors.sessionAndContinue"))

	let outputFormat = flags.outputFormat
	const stdinPromptStream = flags.stdinPromptStream === true
	if (stdinPromptStream) {
		if (outputFormatGiven && outputFormat !== "stream-json")
			throw new UsageError(t("errors.streamNeedsStreamJson"))
		outputFormat = "stream-json"
		if (prompt !== undefined) throw new UsageError(t("errors.streamPromptFromStdin"))
		if (sessionId !== undefined || flags.continue) throw new UsageError(t("errors.streamResume"))
	}

	const contextWindow = tokenCount("--context-window", flags.contextWindow)
	const maxOutputTokens = tokenCount("--max-output-tokens", flags.maxOutputTokens)
	if (contextWindow !== undefined && maxOutputTokens !== undefined && maxOutputTokens >= contextWindow)
		throw new UsageError(t("errors.maxOutputOverWindow"))

	return {
		prompt,
		resume:
			sessionId !== undefined ? { taskId: sessionId } : flags.continue ? { latest: true } : undefined,
		autoApprove: flags.yes === true,
		allowOutsideWorkspace: flags.allowOutsideWorkspace === true,
		allowProtected: flags.allowProtected === true,
		trustWorkspaceHooks: flags.trustWorkspaceHooks === true,
		tui: flags.tui,
		workspace: await resolveWorkspace(flags.workspace, environment.cwd),
		cairnHome: cairnHomeOf(environment.env),
		provider: flags.provider,
		model: nonEmpty("--model", flags.model),
		apiKey: nonEmpty("--api-key", flags.apiKey),
		baseUrl: checkBaseUrl(flags.baseUrl),
		vertex: vertexFlags(flags, environment.cwd),
		contextWindow,
		maxOutputTokens,
		bedrock: {
			region: nonEmpty("--region", flags.region),
			auth: flags.awsAuth,
			profile: nonEmpty("--aws-profile", flags.awsProfile),
			accessKeyId: nonEmpty("--aws-access-key-id", flags.awsAccessKeyId),
		},
		mode: checkMode(flags.mode),
		profile: nonEmpty("--profile", flags.profile),
		outputFormat,
		debug: flags.debug === true,
		stdinPromptStream,
		checkpoints: flags.checkpoints !== false,
		taskBudget: taskBudgetOf(flags),
		mcpConfigFile: path.resolve(
			environment.cwd,
			nonEmpty("--mcp-config", flags.mcpConfig) ?? path.join(cairnHomeOf(environment.env), "mcp.json"),
		),
		allowProjectMcp: flags.allowProjectMcp === true,
		worktree: worktreeOf(flags, sessionId !== undefined || flags.continue === true),
		allowWorktreeSetup: flags.allowWorktreeSetup === true,
		telemetry: telemetryOf(flags),
	}
}
