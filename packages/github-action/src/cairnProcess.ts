import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { providerKeyVariables, type ActionInputs } from "./inputs.js"
import { blankSecrets } from "./secrets.js"

/** The last line of `cairn --output-format stream-json` (packages/core stream/streamJson.ts RunResult). */
export interface CairnResult {
	type: "result"
	success: boolean
	result: string
	cost: number
	tokens?: { input?: number; output?: number }
	reason: string
	exitCode: number
}

/**
 * Variables the agent's process never gets: the action's inputs (the key and the job's token are
 * among them) and the runner's own tokens. The key goes to cairn in its provider's variable only.
 */
const withheld = (name: string) =>
	name.startsWith("INPUT_") ||
	name.startsWith("ACTIONS_") ||
	name === "GITHUB_TOKEN" ||
	name === "GH_TOKEN" ||
	Object.values(providerKeyVariables).includes(name as never)

/** The environment of a cairn process: the runner's, less what is withheld, plus the key and a home of its own. */
export function cairnEnvironment(
	inputs: ActionInputs,
	cairnHome: string,
	env: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
	const kept = Object.entries(env).filter(([name]) => !withheld(name))
	return {
		...Object.fromEntries(kept),
		[providerKeyVariables[inputs.provider]]: inputs["api-key"],
		CAIRN_HOME: cairnHome,
		NO_COLOR: "1",
	}
}

/** The flags that pick the provider, model and endpoint (the key is in the environment). */
export function providerArgs(inputs: ActionInputs): string[] {
	return [
		"--provider",
		inputs.provider,
		...(inputs.model === undefined ? [] : ["--model", inputs.model]),
		...(inputs["base-url"] === undefined ? [] : ["--base-url", inputs["base-url"]]),
	]
}

export interface CairnRunOptions {
	/** The `cairn` program: a path or a name on PATH. */
	program: string
	args: readonly string[]
	cwd: string
	env: NodeJS.ProcessEnv
	/** Each line of its stream-json output, parsed. */
	onEvent?: (event: Record<string, unknown>) => void
	/** Blanked from what the exit says (its result and stderr), which goes on to GitHub. */
	secrets: readonly string[]
}

/** How a cairn process ended: its result line (absent when it could not write one) and its exit. */
export interface CairnExit {
	result: CairnResult | undefined
	exitCode: number | null
	stderrTail: string
}

/** Runs cairn with --output-format stream-json (the caller's args say so) and reads its result line. */
export function runCairn(options: CairnRunOptions): Promise<CairnExit> {
	return new Promise((resolve) => {
		const child = spawn(options.program, options.args, {
			cwd: options.cwd,
			env: options.env,
			stdio: ["ignore", "pipe", "pipe"],
		})
		let result: CairnResult | undefined
		let stderr = ""
		createInterface({ input: child.stdout }).on("line", (line) => {
			let event: Record<string, unknown>
			try {
				event = JSON.parse(line) as Record<string, unknown>
			} catch {
				return
			}
			if (event.type === "result") result = event as unknown as CairnResult
			options.onEvent?.(event)
		})
		child.stderr.setEncoding("utf8")
		child.stderr.on("data", (chunk: string) => {
			stderr = (stderr + chunk).slice(-4_000)
		})
		// A cairn that cannot start ends like one that stopped without a result: the thread still hears why.
		let ended = false
		const end = (exit: CairnExit) => {
			if (ended) return
			ended = true
			const clean = (text: string) => blankSecrets(text, options.secrets)
			resolve({
				...exit,
				result: exit.result && { ...exit.result, result: clean(String(exit.result.result ?? "")) },
				stderrTail: clean(exit.stderrTail),
			})
		}
		child.on("error", (error) =>
			end({
				result: undefined,
				exitCode: null,
				stderrTail: `cairn could not be started: ${error.message}`,
			}),
		)
		child.on("close", (exitCode) => end({ result, exitCode, stderrTail: stderr.trim() }))
	})
}
