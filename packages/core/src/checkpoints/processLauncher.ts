import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process"
import { createInterface } from "node:readline"

/** What a launched process did: its exit code (-1 when a signal ended it) and its output. */
export interface Launched {
	code: number
	stdout: Buffer
	stderr: Buffer
}

/** The process could not be started at all (`code` is the system's, e.g. ENOENT). */
export class LaunchError extends Error {
	constructor(
		message: string,
		readonly code: string | undefined,
	) {
		super(message)
		this.name = "LaunchError"
	}
}

export interface LaunchRequest {
	command: string
	args: readonly string[]
	cwd: string
	env: NodeJS.ProcessEnv
	input?: string | Buffer
	/** The process is stopped (and answers code -1) when it runs longer. */
	timeoutMs?: number
}

/**
 * The launcher's program: reads one request per line, starts it, answers one line per request.
 * Plain Node, no imports of Cairn's own, so it runs from the bundle as it is (`node -e`).
 */
const launcherSource = `
const { spawn } = require("node:child_process")
const send = (answer) => process.stdout.write(JSON.stringify(answer) + "\\n")
// Once its input has closed it ends, but only after what it started has: nothing it started
// outlives it (each runs in a group of its own, which its parent's end would not stop).
let running = 0
let inputClosed = false
const endWhenIdle = () => {
	if (inputClosed && running === 0) process.exit(0)
}
// A group of its own, so that a timeout stops what it started too (a shell's git would keep
// the output open, and the answer waiting, after the shell itself was stopped).
const group = process.platform !== "win32"
const handle = (request) => {
	let answered = false
	running++
	const answer = (fields) => {
		if (answered) return
		answered = true
		running--
		send({ id: request.id, ...fields })
		endWhenIdle()
	}
	const child = spawn(request.command, request.args, { cwd: request.cwd, env: request.env, detached: group })
	const stop = () => {
		try {
			if (group) process.kill(-child.pid, "SIGKILL")
			else child.kill("SIGKILL")
		} catch {
			// Gone already.
		}
	}
	const timer = request.timeoutMs === undefined ? undefined : setTimeout(stop, request.timeoutMs)
	const out = []
	const err = []
	child.stdout.on("data", (chunk) => out.push(chunk))
	child.stderr.on("data", (chunk) => err.push(chunk))
	child.on("error", (error) => {
		clearTimeout(timer)
		answer({ error: { code: error.code, message: error.message } })
	})
	child.on("close", (code) => {
		clearTimeout(timer)
		answer({
			code: code === null ? -1 : code,
			stdout: Buffer.concat(out).toString("base64"),
			stderr: Buffer.concat(err).toString("base64"),
		})
	})
	child.stdin.on("error", () => undefined)
	child.stdin.end(Buffer.from(request.input, "base64"))
}
require("node:readline")
	.createInterface({ input: process.stdin })
	.on("line", (line) => handle(JSON.parse(line)))
process.stdin.on("end", () => {
	inputClosed = true
	endWhenIdle()
})
`

interface Answer {
	id: number
	code?: number
	stdout?: string
	stderr?: string
	error?: { code?: string; message: string }
}

interface Pending {
	resolve: (launched: Launched) => void
	reject: (error: Error) => void
}

/**
 * Starts processes for the host from a small Node process of its own. Starting a process costs
 * its parent in proportion to the parent's memory (the fork copies its page tables): 0.6 ms of
 * CPU from a process holding 50 MB, 7.7 ms from one holding 350 MB, which an editor's host soon
 * does. The launcher holds ~40 MB however much the host holds, so a checkpoint's git runs cost
 * the host a line of JSON each way instead.
 *
 * It starts at the first request. `dispose` ends it, once what it runs has ended, and resolves when
 * it is gone; a host that ends without calling it closes its input, and it ends likewise (but the
 * host cannot tell when). One that dies fails the requests it was running; the next request
 * starts a new one.
 */
export class ProcessLauncher {
	private current: Running | undefined
	private nextId = 0
	private readonly sessions = new Set<Closable>()

	/**
	 * A long-lived process started for the host beside the launcher: `dispose` ends it too (a
	 * later request to it starts it again). Kept for the host's life: one set per shadow repository.
	 */
	adopt<T extends Closable>(session: T): T {
		this.sessions.add(session)
		return session
	}

	run(request: LaunchRequest): Promise<Launched> {
		const launcher = this.current ?? this.start()
		const id = this.nextId++
		const input = request.input === undefined ? "" : Buffer.from(request.input).toString("base64")
		return new Promise((resolve, reject) => {
			if (launcher.pending.size === 0) keepAlive(launcher.child, true)
			launcher.pending.set(id, { resolve, reject })
			const { command, args, cwd, env, timeoutMs } = request
			launcher.child.stdin.write(
				`${JSON.stringify({ id, command, args, cwd, env, input, timeoutMs })}\n`,
			)
		})
	}

	/**
	 * Ends the launcher once the requests it was given have been answered; resolves when it has
	 * exited, so nothing it started outlives the host's shutdown. A later request starts a new one.
	 */
	async dispose(): Promise<void> {
		await Promise.all([...this.sessions].map((session) => session.close()))
		const launcher = this.current
		if (launcher === undefined) return
		this.current = undefined
		// Held until it has exited: the host's event loop waits for it.
		launcher.closing = true
		keepAlive(launcher.child, true)
		// It answers what it runs, then ends on its own (see launcherSource).
		launcher.child.stdin.end()
		await launcher.exited
	}

	private start(): Running {
		const child = spawn(process.execPath, ["-e", launcherSource], {
			// The editor's host is Electron: this makes its binary a plain Node.
			env: { ...process.env, ELECTRON_RUN_AS_NODE: "1" },
			stdio: ["pipe", "pipe", "pipe"],
		})
		let ended = () => {}
		const exited = new Promise<void>((resolve) => (ended = resolve))
		const launcher: Running = { child, pending: new Map(), exited, closing: false }
		this.current = launcher
		keepAlive(child, false)
		child.stderr.resume()
		child.stdin.on("error", () => undefined)
		createInterface({ input: child.stdout }).on("line", (line) => answer(launcher, line))
		const gone = (reason: string) => {
			if (this.current === launcher) this.current = undefined
			const failed = [...launcher.pending.values()]
			launcher.pending.clear()
			for (const request of failed)
				request.reject(new LaunchError(`the process launcher ${reason}`, undefined))
		}
		child.on("error", (error) => {
			gone(`could not start: ${error.message}`)
			ended()
		})
		// "close", not "exit": the answers it wrote before it ended are read first.
		child.on("close", (code, signal) => {
			gone(`ended (${signal ?? `exit ${code}`})`)
			ended()
		})
		return launcher
	}
}

/** A long-lived process that ends, once its requests are answered, when closed. */
interface Closable {
	close(): Promise<void>
}

/** One launcher process and the requests it has not answered yet. */
interface Running {
	child: ChildProcessWithoutNullStreams
	pending: Map<number, Pending>
	exited: Promise<void>
	/** Being disposed: it keeps the host alive until it has exited. */
	closing: boolean
}

function answer(launcher: Running, line: string): void {
	const answer = JSON.parse(line) as Answer
	const request = launcher.pending.get(answer.id)
	if (request === undefined) return
	launcher.pending.delete(answer.id)
	if (launcher.pending.size === 0 && !launcher.closing) keepAlive(launcher.child, false)
	if (answer.error !== undefined) request.reject(new LaunchError(answer.error.message, answer.error.code))
	else
		request.resolve({
			code: answer.code ?? -1,
			stdout: Buffer.from(answer.stdout ?? "", "base64"),
			stderr: Buffer.from(answer.stderr ?? "", "base64"),
		})
}

/**
 * Whether the launcher keeps the host's event loop alive: only while it runs something for it.
 * Idle, the host may exit; the launcher then sees its input close and ends too.
 */
function keepAlive(child: ChildProcessWithoutNullStreams, alive: boolean): void {
	const handles = [child, child.stdin, child.stdout, child.stderr] as unknown as {
		ref(): void
		unref(): void
	}[]
	for (const handle of handles) {
		if (alive) handle.ref()
		else handle.unref()
	}
}

/** The one launcher of this process, shared by every shadow repository. */
export const processLauncher = new ProcessLauncher()
