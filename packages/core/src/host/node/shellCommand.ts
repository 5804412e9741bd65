import { type ChildProcessByStdio, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import type { Readable } from "node:stream"
import { StringDecoder } from "node:string_decoder"
import { unsandboxedEnvironment } from "../../sandbox/commandEnvironment.js"
import { type SandboxedStart, sandboxedSpawn, unsandboxedStart } from "../../sandbox/sandboxedSpawn.js"
import type { CommandExit, RunCommandOptions, RunningCommand } from "../Host.js"

export interface ShellCommandSettings {
	/** The user's shell; `$SHELL`, else /bin/sh. */
	shell?: string
	/** How long a killed command gets to exit on SIGTERM before its whole group is SIGKILLed. */
	killGraceMs?: number
	/**
	 * How long to wait for output after the shell exits. A background job (`server &`) keeps the
	 * pipe open forever; past this the command counts as done and the pipe is let go.
	 */
	closeGraceMs?: number
}

/** What shells report for a command that could not be started at all. */
const cannotStart = 127

/** The shell that reads a line as the command analyser did; /bin/sh where there is no bash. */
export function analysedShell(): string {
	return existsSync("/bin/bash") ? "/bin/bash" : "/bin/sh"
}

export function userShell(): string {
	const shell = process.env.SHELL
	return shell !== undefined && shell.startsWith("/") && existsSync(shell) ? shell : "/bin/sh"
}

/**
 * Runs a command line in the user's shell, capturing its output from the process itself (not
 * from a terminal's shell integration, which loses output of instant commands).
 *
 * - stderr is merged into stdout by a tiny /bin/sh wrapper before it execs the user's shell, so
 *   both share one pipe and the order is exactly what a terminal would show.
 * - The command gets its own process group (`detached`), so kill() reaches everything it
 *   started, including background jobs, by signalling the group.
 * - stdin is closed: a command waiting for input reads end-of-file instead of hanging.
 * - With `options.sandbox`, bubblewrap starts the wrapper inside the sandbox. kill() reaches
 *   bubblewrap, and with it (--die-with-parent, its own pid namespace) everything inside.
 * - The environment is the sandbox policy's allowlist, or outside the sandbox this process's
 *   without Cairn's internals and credentials the person did not pass on.
 */
export function runShellCommand(
	command: string,
	options: RunCommandOptions,
	settings: ShellCommandSettings = {},
): RunningCommand {
	const shell = options.asAnalysed ? analysedShell() : (settings.shell ?? userShell())
	const killGraceMs = settings.killGraceMs ?? 2_000
	const closeGraceMs = settings.closeGraceMs ?? 1_000

	const wrapper = ["/bin/sh", "-c", 'exec 2>&1; exec "$0" -c "$1"', shell, command]
	let start: SandboxedStart = options.sandbox
		? sandboxedSpawn(options.sandbox, options.cwd, wrapper)
		: unsandboxedStart("/bin/sh", wrapper.slice(1))
	const decoder = new StringDecoder("utf8")
	let timedOut = false
	let killed = false
	let finished = false
	let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
	let timeoutTimer: NodeJS.Timeout | undefined
	let killTimer: NodeJS.Timeout | undefined
	let closeTimer: NodeJS.Timeout | undefined
	// The wrapper merges the command's stderr into stdout; only errors of the wrapper itself or of
	// bubblewrap come through stderr. Kept until the end: a sandbox that did not start may be retried.
	let stderr: Buffer[] = []

	const emit = (text: string) => {
		if (text !== "") options.onOutput(text)
	}

	// The extra descriptors (bubblewrap's) hide from the types that stdout and stderr are pipes.
	const spawnChild = () =>
		spawn(start.file, start.args, {
			cwd: options.cwd,
			env: {
				...(options.sandbox?.environment ??
					unsandboxedEnvironment(process.env, options.passedVariables ?? [])),
				...options.env,
			},
			detached: true,
			stdio: ["ignore", "pipe", "pipe", ...start.descriptors],
		}) as ChildProcessByStdio<null, Readable, Readable>
	let child = spawnChild()

	const signalGroup = (signal: NodeJS.Signals) => {
		if (child.pid === undefined) return
		try {
			process.kill(-child.pid, signal)
		} catch {
			// ESRCH: the group is already gone, which is what we wanted.
		}
	}

	let resolveDone: (exit: CommandExit) => void = () => undefined
	const done = new Promise<CommandExit>((resolve) => (resolveDone = resolve))

	const finish = (result: CommandExit) => {
		if (finished) return
		finished = true
		clearTimeout(timeoutTimer)
		clearTimeout(closeTimer)
		const createdProtected = start.cleanup()
		emit(decoder.end())
		emit(Buffer.concat(stderr).toString("utf8"))
		resolveDone(createdProtected.length > 0 ? { ...result, createdProtected } : result)
	}

	const finishFromExit = () => {
		const again =
			killed || timedOut ? undefined : start.retry(exit?.code ?? null, Buffer.concat(stderr).toString())
		if (again !== undefined) {
			start = again
			exit = undefined
			stderr = []
			clearTimeout(closeTimer)
			child = spawnChild()
			follow()
			return
		}
		finish({
			exitCode: exit?.code ?? undefined,
			signal: exit?.signal ?? undefined,
			timedOut,
		})
	}

	const follow = () => {
		const current = child
		// Once a retry replaced it, what is left of the first start is not the command's.
		const ended = () => {
			if (current === child && !finished) finishFromExit()
		}
		current.stdout.on("data", (chunk: Buffer) => {
			if (!finished) emit(decoder.write(chunk))
		})
		current.stderr.on("data", (chunk: Buffer) => {
			if (current === child) stderr.push(chunk)
		})

		current.on("exit", (code, signal) => {
			exit = { code, signal }
			closeTimer = setTimeout(() => {
				current.stdout.destroy()
				current.stderr.destroy()
				ended()
			}, closeGraceMs)
		})

		// "close" comes after the last output: resolving here is what keeps instant commands' output.
		// The SIGKILL timer of a kill() stays armed past "close": a child that ignored SIGTERM and
		// let go of the pipe is still in the group and must not survive.
		current.on("close", ended)

		current.on("error", (error: NodeJS.ErrnoException) => {
			if (current.pid !== undefined) return
			const reason = existsSync(options.cwd)
				? error.message
				: `the folder ${options.cwd} does not exist`
			emit(`Could not start the command: ${reason}\n`)
			finish({ exitCode: cannotStart, timedOut: false })
		})
	}
	follow()

	const kill = () => {
		if (finished && exit !== undefined && child.stdout.readableEnded) return
		killed = true
		signalGroup("SIGTERM")
		clearTimeout(killTimer)
		killTimer = setTimeout(() => signalGroup("SIGKILL"), killGraceMs)
	}

	if (options.timeoutMs !== undefined && options.timeoutMs > 0) {
		timeoutTimer = setTimeout(() => {
			timedOut = true
			kill()
		}, options.timeoutMs)
	}

	return { done, kill }
}
