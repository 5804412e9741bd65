import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import type { RunResult } from "@cairn/core"
import { taskCardSchema, type TaskCard } from "@cairn/types"

/** How a task's `cairn` child went: its card (where it worked), its result line, how it exited. */
export interface AgentRun {
	card: TaskCard | undefined
	result: RunResult | undefined
	exitCode: number | null
	signal: NodeJS.Signals | null
	/** The end of what it wrote to stderr: why it failed when it could not say so in a result line. */
	stderrTail: string
}

const stderrTailChars = 2_000

/**
 * Runs one task as a child `cairn` (this same program, `cairnScript` under this Node) with
 * `--output-format stream-json`, reading its card and its result from its lines. `signal` ends
 * it with SIGTERM, which it takes as "save the task and stop".
 */
export function runAgentChild(
	cairnScript: string,
	args: readonly string[],
	env: NodeJS.ProcessEnv,
	signal: AbortSignal,
): Promise<AgentRun> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cairnScript, ...args], {
			env,
			stdio: ["ignore", "pipe", "pipe"],
		})
		let card: TaskCard | undefined
		let result: RunResult | undefined
		let stderr = ""
		createInterface({ input: child.stdout }).on("line", (line) => {
			let event: { type?: unknown; subtype?: unknown; card?: unknown }
			try {
				event = JSON.parse(line) as typeof event
			} catch {
				return
			}
			if (event.type === "system" && event.subtype === "task_card") {
				const parsed = taskCardSchema.safeParse(event.card)
				if (parsed.success) card = parsed.data
			} else if (event.type === "result" && isRunResult(event)) result = event
		})
		child.stderr.setEncoding("utf8")
		child.stderr.on("data", (chunk: string) => {
			stderr = (stderr + chunk).slice(-stderrTailChars)
		})
		const stop = () => child.kill("SIGTERM")
		signal.addEventListener("abort", stop, { once: true })
		if (signal.aborted) stop()
		child.on("error", (error) => {
			signal.removeEventListener("abort", stop)
			reject(error)
		})
		child.on("close", (exitCode, exitSignal) => {
			signal.removeEventListener("abort", stop)
			resolve({ card, result, exitCode, signal: exitSignal, stderrTail: stderr.trim() })
		})
	})
}

/** A result line as the CLI writes it: what the record takes from it has the right types. */
function isRunResult(event: object): event is RunResult {
	const line = event as Partial<Record<keyof RunResult, unknown>>
	return (
		typeof line.cost === "number" &&
		line.cost >= 0 &&
		typeof line.success === "boolean" &&
		typeof line.result === "string" &&
		typeof line.reason === "string"
	)
}
