import { readFile } from "node:fs/promises"
import { parseArgs } from "node:util"
import type { OverflowStyle } from "./protocol.js"
import { parseScenarioFile } from "./scenario-file.js"
import type { ScenarioFile } from "./scenario-file.js"
import { startModelServer } from "./server.js"

export interface CliIO {
	stdout(line: string): void
	stderr(line: string): void
	/** Aborting closes the server and makes runCli return. bin.ts ties it to SIGINT / SIGTERM. */
	signal?: AbortSignal
}

const overflowStyles: readonly OverflowStyle[] = ["openai", "openrouter", "vllm", "vllm-legacy", "lmstudio"]

const usage = `Usage: cairn-model-server [--port N] [--scenario file.json] [--max-requests N] [--lifetime-ms N]
                          [--context-window N] [--overflow-style ${overflowStyles.join("|")}]

A scripted LLM server on 127.0.0.1 speaking the Anthropic, OpenAI, Ollama and Bedrock wire formats.
Prints its base URL on one line once listening; stops on SIGINT/SIGTERM, after --lifetime-ms
(default 600000) or once --max-requests (default 10000) have been answered.
--context-window refuses chat requests longer than N tokens with each provider's own error (it
overrides the scenario file's "contextWindow"); --overflow-style picks whose errors and model
listing the OpenAI-compatible routes imitate (default openai).`

function integer(
	value: string | undefined,
	flag: string,
	min: number,
	max = Number.MAX_SAFE_INTEGER,
): number | undefined {
	if (value === undefined) return undefined
	const n = Number(value)
	if (!Number.isInteger(n) || n < min || n > max)
		throw new Error(`${flag}: expected an integer from ${min} to ${max}, got "${value}"`)
	return n
}

function aborted(signal: AbortSignal | undefined): Promise<void> {
	return new Promise((resolve) => {
		if (!signal) return
		if (signal.aborted) resolve()
		else signal.addEventListener("abort", () => resolve(), { once: true })
	})
}

/** Runs the server until it closes or `io.signal` aborts; resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
	let options
	let file: ScenarioFile = { turns: [] }
	try {
		const { values } = parseArgs({
			args: [...argv],
			options: {
				port: { type: "string", short: "p" },
				scenario: { type: "string", short: "s" },
				"max-requests": { type: "string" },
				"lifetime-ms": { type: "string" },
				"context-window": { type: "string" },
				"overflow-style": { type: "string" },
				help: { type: "boolean", short: "h" },
			},
			strict: true,
		})
		if (values.help) {
			io.stdout(usage)
			return 0
		}
		const style = values["overflow-style"]
		if (style !== undefined && !overflowStyles.includes(style as OverflowStyle))
			throw new Error(`--overflow-style: expected one of ${overflowStyles.join(", ")}, got "${style}"`)
		options = {
			port: integer(values.port, "--port", 0, 65535),
			maxRequests: integer(values["max-requests"], "--max-requests", 1),
			lifetimeMs: integer(values["lifetime-ms"], "--lifetime-ms", 1),
			contextWindow: integer(values["context-window"], "--context-window", 1),
			overflowStyle: style as OverflowStyle | undefined,
		}
		if (values.scenario !== undefined)
			file = parseScenarioFile(await readFile(values.scenario, "utf8"), values.scenario)
	} catch (error) {
		io.stderr(`cairn-model-server: ${error instanceof Error ? error.message : String(error)}`)
		io.stderr(usage)
		return 2
	}
	let server
	try {
		server = await startModelServer({
			...options,
			scenario: file.turns,
			contextWindow: options.contextWindow ?? file.contextWindow,
			sideTurns: file.sideTurns ?? [],
		})
	} catch (error) {
		io.stderr(
			`cairn-model-server: cannot listen: ${error instanceof Error ? error.message : String(error)}`,
		)
		return 1
	}
	io.stdout(server.url)
	await Promise.race([server.closed, aborted(io.signal)])
	await server.close()
	const chats = server.requests.filter((request) => request.route === "chat")
	const chatBytes = chats.reduce((total, request) => total + Buffer.byteLength(request.rawBody), 0)
	// Counted only with a context window; the side turns answered the agent's own requests (summaries).
	const inputTokens = chats.reduce((total, request) => total + (request.inputTokens ?? 0), 0)
	const sideTurns = chats.filter((request) => request.sideTurn !== undefined).length
	// Benchmarks read the chat figures here (bench/loop.mjs: request bytes per task).
	io.stderr(
		`cairn-model-server: closed after ${server.requests.length} request(s); ${chats.length} chat request(s) of ${chatBytes} body bytes` +
			(options.contextWindow === undefined && file.contextWindow === undefined
				? ""
				: `, ${inputTokens} input tokens; ${sideTurns} answered by side turns`),
	)
	return 0
}

/** The process's own console and signals, for bin.ts. */
export function processIO(): CliIO {
	const controller = new AbortController()
	for (const name of ["SIGINT", "SIGTERM"] as const) process.once(name, () => controller.abort())
	return {
		stdout: (line) => process.stdout.write(line + "\n"),
		stderr: (line) => process.stderr.write(line + "\n"),
		signal: controller.signal,
	}
}
