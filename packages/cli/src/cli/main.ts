import type { Readable } from "node:stream"
import { cliLanguage, useCliLanguage } from "../i18n/cliI18n.js"
import { parseCommandLine } from "./commandLine.js"
import { cairnHomeOf } from "./runOptions.js"

/** The process around a run: streams, environment and signals (tests pass their own). */
export interface CliProcess {
	argv: readonly string[]
	env: NodeJS.ProcessEnv
	cwd: string
	stdin: Readable & { isTTY?: boolean }
	stdout: { write(text: string): unknown; isTTY?: boolean }
	stderr: { write(text: string): unknown; isTTY?: boolean }
	/** Registers a handler for SIGINT / SIGTERM. */
	onSignal(handler: (signal: "SIGINT" | "SIGTERM") => void): void
}

/** Runs `cairn` with these arguments and returns the exit code. */
export async function main(io: CliProcess): Promise<number> {
	await useCliLanguage(await cliLanguage(io.env, cairnHomeOf(io.env)))
	const parsed = parseCommandLine(io.argv, {
		stdout: (text) => void io.stdout.write(text),
		stderr: (text) => void io.stderr.write(text),
	})
	if (parsed.kind === "exit") return parsed.code
	// Everything a run needs (the agent, its tools, the providers) loads only now: `--help`,
	// `--version` and a mistyped flag answer without it.
	const { runCommand } = await import("./runCommand.js")
	return runCommand(parsed, io)
}
