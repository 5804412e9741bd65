import type { CardChecks } from "@cairn/types"
import { english, type HostText } from "./landingText.js"
import type { WorktreeRef } from "./worktreeRef.js"

/** A started check command: how it ended (no exit code when a signal ended it), and how to stop it. */
export interface CheckRun {
	done: Promise<{ exitCode: number | undefined; timedOut: boolean }>
	kill(): void
}

/**
 * Starts `command` in `cwd` the way the host runs commands (its terminal or process runner, its
 * sandbox and time limit), calling `onOutput` with what it prints. With `limit`, the command is
 * stopped (its whole process group) after `timeoutMs` instead of the host's time limit.
 */
export type CheckRunner = (
	command: string,
	cwd: string,
	onOutput: (chunk: string) => void,
	limit?: { timeoutMs: number },
) => CheckRun

export interface RunChecksOptions {
	/** Stops the command (the card's checks were cancelled). */
	signal?: AbortSignal
	text?: HostText
}

/** The tail kept: the last lines of the output, at most this many characters. */
const tailChars = 4_000
const tailLines = 40

/** Colours and cursor moves of a terminal: noise on a card. */
// eslint-disable-next-line no-control-regex
const terminalCodes = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g

/** Runs the repository's test command in the task's worktree: passed when it exits 0, with the output's tail. */
export async function runChecks(
	ref: WorktreeRef,
	command: string,
	run: CheckRunner,
	options: RunChecksOptions = {},
): Promise<CardChecks> {
	const text = options.text ?? english
	const startedAt = Date.now()
	let output = ""
	const running = run(command, ref.path, (chunk) => {
		// Only the end is kept: a long test run prints megabytes.
		output = (output + chunk).slice(-tailChars * 4)
	})
	const stop = () => running.kill()
	options.signal?.addEventListener("abort", stop, { once: true })
	if (options.signal?.aborted) stop()
	try {
		const ended = await running.done
		const note = ended.timedOut
			? text("landing.checksTimedOut")
			: ended.exitCode === undefined
				? text("landing.checksStopped")
				: undefined
		return {
			state: ended.exitCode === 0 && !ended.timedOut ? "passed" : "failed",
			command,
			tail: tailOf(output, note),
			durationMs: Date.now() - startedAt,
		}
	} finally {
		options.signal?.removeEventListener("abort", stop)
	}
}

function tailOf(output: string, note: string | undefined): string {
	const lines = output.replace(terminalCodes, "").replace(/\r\n?/g, "\n").trimEnd().split("\n")
	const tail = lines.slice(-tailLines).join("\n").slice(-tailChars)
	return note === undefined ? tail : `${tail}\n${note}`.trimStart()
}
