import { readFile } from "node:fs/promises"
import { parseArgs } from "node:util"
import { parseScenarioJson } from "./scenario-file.js"
import type { Scenario } from "./scenario.js"
import { startModelServer } from "./server.js"

export interface CliIO {
	stdout(line: string): void
	stderr(line: string): void
	/** Aborting closes the server and makes runCli return. bin.ts ties it to SIGINT / SIGTERM. */
	signal?: AbortSignal
}

const usage = `Usage: cairn-model-server [--port N] [--scenario file.json] [--max-requests N] [--lifetime-ms N]

A scripted LLM server on 127.0.0.1 speaking the Anthropic, OpenAI and Ollama wire formats.
Prints its base URL on one line once listening; stops on SIGINT/SIGTERM, after --lifetime-ms
(default 600000) or once --max-requests (default 10000) have been answered.`

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
	let scenario: Scenario = []
	try {
		const { values } = parseArgs({
			args: [...argv],
			options: {
				port: { type: "string", short: "p" },
				scenario: { type: "string", short: "s" },
				"max-requests": { type: "string" },
				"lifetime-ms": { type: "string" },
				help: { type: "boolean", short: "h" },
			},
			strict: true,
		})
		if (values.help) {
			io.stdout(usage)
			return 0
		}
		options = {
			port: integer(values.port, "--port", 0, 65535),
			maxRequests: integer(values["max-requests"], "--max-requests", 1),
			lifetimeMs: integer(values["lifetime-ms"], "--lifetime-ms", 1),
		}
		if (values.scenario !== undefined)
			scenario = parseScenarioJson(await readFile(values.scenario, "utf8"), values.scenario)
	} catch (error) {
		io.stderr(`cairn-model-server: ${error instanceof Error ? error.message : String(error)}`)
		io.stderr(usage)
		return 2
	}
	let server
	try {
		server = await startModelServer({ ...options, scenario })
	} catch (error) {
		io.stderr(
			`cairn-model-server: cannot listen: ${error instanceof Error ? error.message : String(error)}`,
		)
		return 1
	}
	io.stdout(server.url)
	await Promise.race([server.closed, aborted(io.signal)])
	await server.close()
	io.stderr(`cairn-model-server: closed after ${server.requests.length} request(s)`)
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
