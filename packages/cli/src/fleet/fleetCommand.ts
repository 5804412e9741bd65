import { mkdir, readFile } from "node:fs/promises"
import path from "node:path"
import {
	ExitCode,
	fleetChecks,
	parseTaskFile,
	runFleet,
	shardFrom,
	ShardError,
	TaskFileError,
} from "@cairn/core"
import type { Flags } from "../cli/commandLine.js"
import { UsageError } from "../cli/exitCodes.js"
import type { CliProcess } from "../cli/main.js"
import type { RunOptions } from "../cli/runOptions.js"
import { commandLogger } from "../host/cliLogger.js"
import { t } from "../i18n/cliI18n.js"
import { FleetOutput } from "./fleetOutput.js"
import { fleetTaskRunner } from "./fleetTaskRunner.js"

/** `cairn run <file> [--concurrency N] [--results <dir>] [--shard i/n]`, as parsed. */
export interface FleetRunCommand {
	file: string
	concurrency?: string
	results?: string
	shard?: string
}

/** Tasks at once when --concurrency is not given: agents mostly wait on the model, not the machine. */
const defaultConcurrency = 4

/**
 * Runs a task file's tasks (this worker's shard of them), each a child `cairn` in its own
 * worktree, and records each in the results folder. Exits 0 when every task of the shard has
 * passed (now or before), 1 when one failed or could not be run here, 2 for a bad file or flag,
 * 130/143 when stopped (what was running is retried by the next run).
 */
export async function runFleetCommand(
	command: FleetRunCommand,
	flags: Flags,
	options: RunOptions,
	io: CliProcess,
): Promise<number> {
	// The repository's setup commands would run in every worktree, unattended: not for a fleet.
	if (flags.allowWorktreeSetup === true) throw new UsageError(t("fleet.noWorktreeSetup"))
	const file = path.resolve(io.cwd, command.file)
	const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
		throw new UsageError(t("fleet.unreadableFile", { file, reason: error.message }))
	})
	let tasks
	let shard
	try {
		tasks = parseTaskFile(file, text).map((read) => read.task)
		shard = shardFrom(command.shard, io.env)
	} catch (error) {
		if (error instanceof TaskFileError || error instanceof ShardError) {
			io.stderr.write(`cairn: ${error.message}\n`)
			return ExitCode.usage
		}
		throw error
	}
	const concurrency = concurrencyOf(command.concurrency)
	const results = path.resolve(io.cwd, command.results ?? `${file}.results`)
	await mkdir(results, { recursive: true })
	const output = new FleetOutput(
		options.outputFormat,
		{
			stdout: (text) => void io.stdout.write(text),
			stderr: (text) => void io.stderr.write(text),
			progressLine: options.outputFormat === "text" && io.stderr.isTTY === true,
		},
		results,
	)
	const stop = new AbortController()
	let stoppedBy: "SIGINT" | "SIGTERM" | undefined
	io.onSignal((signal) => {
		stoppedBy ??= signal
		stop.abort()
	})
	const checks = await fleetChecks({
		folder: path.dirname(file),
		storageDir: options.cairnHome,
		logger: commandLogger(options),
	})
	const tally = await runFleet({
		tasks,
		shard,
		concurrency,
		results,
		signal: stop.signal,
		onEvent: (event) => output.event(event),
		runTask: fleetTaskRunner({
			taskFileFolder: path.dirname(file),
			// This program: the bundled cairn.js, run by this same Node.
			cairnScript: process.argv[1] ?? "",
			passOn: passedOn(flags),
			env: io.env,
			checks,
		}),
	}).finally(() => checks.dispose())
	output.finish(stoppedBy !== undefined)
	if (stoppedBy !== undefined) return stoppedBy === "SIGINT" ? ExitCode.interrupted : ExitCode.terminated
	return tally.failed + tally.held + tally.lost > 0 ? ExitCode.failed : ExitCode.completed
}

function concurrencyOf(value: string | undefined): number {
	if (value === undefined) return defaultConcurrency
	const n = Number(value)
	if (!/^\d+$/.test(value) || n < 1 || n > 256) throw new UsageError(t("fleet.badConcurrency", { value }))
	return n
}

/** Flags of `cairn run` every task's `cairn` is given as they were: how to reach the model and what to trust. */
const valueFlags = {
	provider: "--provider",
	model: "--model",
	apiKey: "--api-key",
	baseUrl: "--base-url",
	vertexProjectId: "--vertex-project-id",
	vertexRegion: "--vertex-region",
	vertexCredentialsFile: "--vertex-credentials-file",
	contextWindow: "--context-window",
	maxOutputTokens: "--max-output-tokens",
	maxCost: "--max-cost",
	maxTokens: "--max-tokens",
	region: "--region",
	awsAuth: "--aws-auth",
	awsProfile: "--aws-profile",
	awsAccessKeyId: "--aws-access-key-id",
	profile: "--profile",
	mode: "--mode",
	mcpConfig: "--mcp-config",
	otelEndpoint: "--otel-endpoint",
} as const satisfies Partial<Record<keyof Flags, string>>

const switchFlags = {
	debug: "--debug",
	trustWorkspaceHooks: "--trust-workspace-hooks",
	allowProjectMcp: "--allow-project-mcp",
	otelContent: "--otel-content",
} as const satisfies Partial<Record<keyof Flags, string>>

function passedOn(flags: Flags): string[] {
	const args: string[] = []
	for (const [key, flag] of Object.entries(valueFlags)) {
		const value = flags[key as keyof typeof valueFlags]
		if (value !== undefined) args.push(`${flag}=${value}`)
	}
	for (const [key, flag] of Object.entries(switchFlags))
		if (flags[key as keyof typeof switchFlags] === true) args.push(flag)
	if (!flags.checkpoints) args.push("--no-checkpoints")
	return args
}
