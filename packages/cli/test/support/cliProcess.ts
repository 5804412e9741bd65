import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process"
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import {
	startModelServer,
	type ModelServer,
	type ModelServerOptions,
	type OverflowStyle,
	type Turn,
} from "@cairn/model-server"
import type { ProviderName } from "@cairn/types"

export const binary = fileURLToPath(new URL("../../dist/cairn.js", import.meta.url))

/** The providers the scripted model server speaks, with a model id each. */
const models = {
	anthropic: "claude-sonnet-5",
	openai: "gpt-4.1",
	ollama: "qwen3:8b",
	gemini: "gemini-2.5-pro",
	openrouter: "anthropic/claude-sonnet-4.5",
	lmstudio: "qwen2.5-coder-7b-instruct",
	bedrock: "anthropic.claude-sonnet-4-5-20250929-v1:0",
} satisfies Partial<Record<ProviderName, string>>
export type ServedProvider = keyof typeof models

/** The providers that speak the OpenAI format, each with the kind of server it expects there. */
const openaiStyles: Partial<Record<ServedProvider, OverflowStyle>> = {
	openai: "openai",
	openrouter: "openrouter",
	lmstudio: "lmstudio",
}

/** A temp workspace, a temp CAIRN_HOME and a scripted model server, removed by `cleanup`. */
export interface CliWorld {
	root: string
	workspace: string
	cairnHome: string
	server: ModelServer
	provider: ServedProvider
	/** The flags that point the CLI at the model server. */
	providerArgs: string[]
	read(relative: string): Promise<string>
	cleanup(): Promise<void>
}

export async function createWorld(
	options: {
		scenario?: Turn[]
		files?: Record<string, string>
		provider?: ServedProvider
		/** The model server's own settings (its models, window, the one key it takes). */
		server?: Omit<ModelServerOptions, "scenario" | "lifetimeMs">
	} = {},
): Promise<CliWorld> {
	const root = await mkdtemp(path.join(os.tmpdir(), "cairn-cli-"))
	const workspace = path.join(root, "workspace")
	const cairnHome = path.join(root, "home")
	await mkdir(workspace)
	for (const [relative, content] of Object.entries(options.files ?? {})) {
		await mkdir(path.dirname(path.join(workspace, relative)), { recursive: true })
		await writeFile(path.join(workspace, relative), content)
	}
	const provider = options.provider ?? "anthropic"
	const style = openaiStyles[provider]
	const server = await startModelServer({
		scenario: options.scenario ?? [],
		lifetimeMs: 120_000,
		...(style && { overflowStyle: style }),
		...options.server,
	})
	const baseUrl = style ? server.openaiBaseURL : server.url
	return {
		root,
		workspace,
		cairnHome,
		server,
		provider,
		providerArgs: [
			"--provider",
			provider,
			"--model",
			models[provider],
			"--base-url",
			baseUrl,
			"--api-key",
			"test-key-0123456789",
			// With --api-key and no other way to sign in named, Bedrock takes it as a Bedrock API key.
			...(provider === "bedrock" ? ["--region", "us-east-1"] : []),
		],
		read: (relative) => readFile(path.join(workspace, relative), "utf8"),
		async cleanup() {
			await server.close()
			await rm(root, { recursive: true, force: true })
		},
	}
}

export interface CliRun {
	code: number | null
	signal: NodeJS.Signals | null
	stdout: string
	stderr: string
}

/** A running `cairn`: its output so far, and helpers to wait for some of it. */
export class CliChild {
	stdout = ""
	stderr = ""
	/** True once every stdio stream is closed: "exit" can come before the last output is read. */
	closed = false
	readonly exited: Promise<CliRun>
	private readonly waiters = new Set<() => void>()

	constructor(readonly child: ChildProcessWithoutNullStreams) {
		child.stdout.setEncoding("utf8")
		child.stderr.setEncoding("utf8")
		child.stdout.on("data", (chunk: string) => {
			this.stdout += chunk
			this.wake()
		})
		child.stderr.on("data", (chunk: string) => {
			this.stderr += chunk
			this.wake()
		})
		child.stdin.on("error", () => undefined)
		this.exited = new Promise((resolve) => {
			child.on("close", (code, signal) => {
				this.closed = true
				this.wake()
				resolve({ code, signal, stdout: this.stdout, stderr: this.stderr })
			})
		})
	}

	/**
	 * stdout lines parsed as JSON (every line must parse). While cairn runs, a line can arrive in
	 * pieces, so an unterminated last line waits for its newline or for the end of the output.
	 */
	get lines(): Record<string, unknown>[] {
		return jsonLines(this.closed ? this.stdout : this.stdout.slice(0, this.stdout.lastIndexOf("\n") + 1))
	}

	write(line: string | Record<string, unknown>): void {
		this.child.stdin.write(`${typeof line === "string" ? line : JSON.stringify(line)}\n`)
	}

	async waitFor(predicate: (child: CliChild) => boolean, what: string, timeoutMs = 15_000): Promise<void> {
		const deadline = Date.now() + timeoutMs
		while (!predicate(this)) {
			if (this.closed)
				throw new Error(
					`cairn exited while waiting for ${what}\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`,
				)
			const left = deadline - Date.now()
			if (left <= 0)
				throw new Error(
					`Timed out waiting for ${what}\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`,
				)
			await new Promise<void>((resolve) => {
				const timer = setTimeout(resolve, Math.min(left, 200))
				this.waiters.add(() => {
					clearTimeout(timer)
					resolve()
				})
			})
		}
	}

	/** Waits for a JSON line matching `predicate`. */
	async waitForLine(
		predicate: (line: Record<string, unknown>) => boolean,
		what: string,
		timeoutMs?: number,
	) {
		await this.waitFor((c) => c.lines.some(predicate), what, timeoutMs)
		return this.lines.find(predicate) as Record<string, unknown>
	}

	private wake(): void {
		for (const wake of [...this.waiters]) wake()
		this.waiters.clear()
	}
}

export interface SpawnOptions {
	cwd?: string
	env?: Record<string, string>
	/** Text for stdin, then EOF; omit to keep stdin open (write with CliChild.write). */
	input?: string
	/** A program that runs cairn (its command line then follows), e.g. subreaper.py. */
	wrapper?: string[]
}

export function spawnCli(world: CliWorld | undefined, args: string[], options: SpawnOptions = {}): CliChild {
	const env: Record<string, string> = {
		PATH: process.env.PATH ?? "",
		HOME: world?.root ?? os.tmpdir(),
		NO_COLOR: "1",
		...(world && { CAIRN_HOME: world.cairnHome }),
		...options.env,
	}
	const [command, ...commandArgs] = [...(options.wrapper ?? []), process.execPath, binary, ...args]
	const child = spawn(command ?? process.execPath, commandArgs, {
		cwd: options.cwd ?? world?.workspace ?? os.tmpdir(),
		env,
		stdio: "pipe",
	})
	const cli = new CliChild(child)
	if (options.input !== undefined) child.stdin.end(options.input)
	return cli
}

/** Runs `cairn` to the end (stdin closed unless `input` is given) and returns what it printed. */
export async function runCli(
	world: CliWorld | undefined,
	args: string[],
	options: SpawnOptions = {},
): Promise<CliRun> {
	const cli = spawnCli(world, args, { ...options, input: options.input ?? "" })
	return cli.exited
}

/** Every line of a finished output parsed as JSON. */
export function jsonLines(stdout: string): Record<string, unknown>[] {
	return stdout
		.split("\n")
		.filter((line) => line !== "")
		.map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** Runs `body` with a fresh world and always cleans it up: tests using it can run concurrently. */
export async function withWorld<T>(
	options: Parameters<typeof createWorld>[0],
	body: (world: CliWorld) => Promise<T>,
): Promise<T> {
	const world = await createWorld(options)
	try {
		return await body(world)
	} finally {
		await world.cleanup()
	}
}
