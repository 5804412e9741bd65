import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process"
import { GitError } from "./gitError.js"

/** How a session's git starts: argv, folder and the complete environment (HardenedGit builds them). */
export interface SessionStart {
	/** "git", or what starts it (bubblewrap). */
	command: string
	args: readonly string[]
	cwd: string
	env: NodeJS.ProcessEnv
	/** What the session runs, for its errors ("hash-object", "update-ref"). */
	name: string
	/** One request is failed, and the git stopped, past this. */
	timeoutMs: number
	/**
	 * Started in a process group of its own, all of which a timeout stops: for a shell that starts
	 * git (see RepeatedGit), whose git would otherwise outlive it.
	 */
	group?: boolean
}

/** Where a complete answer ends in what git has written so far, or undefined while it is not yet complete. */
export type AnswerEnd = (received: Buffer) => number | undefined

interface Request {
	input: string
	end: AnswerEnd
	resolve: (answer: Buffer) => void
	reject: (error: Error) => void
}

/**
 * One git that stays alive and answers requests on its standard input, in lines
 * (`hash-object --stdin-paths`, `update-ref --stdin`) or in bytes whose end the answer states
 * (`cat-file --batch`): a request costs a write and a read instead of a process start. Requests
 * are answered in order, one at a time.
 *
 * It starts at the first request. While it has nothing to answer it keeps no hold on the
 * host's event loop, and a host that ends closes its input, which ends it. `close` ends it and
 * resolves once it has exited. A git that fails or runs past the timeout is stopped and fails
 * the requests it had; the next request starts a new one.
 */
export class GitSession {
	private child: ChildProcessWithoutNullStreams | undefined
	private exited: Promise<void> = Promise.resolve()
	private readonly queue: Request[] = []
	private received: Buffer = Buffer.alloc(0)
	private stderr = ""
	private timer: NodeJS.Timeout | undefined

	constructor(private readonly start: SessionStart) {}

	/** Writes `input` and resolves with the next `lines` lines git writes. */
	async ask(input: string, lines: number): Promise<string[]> {
		const answer = await this.askFor(input, (received) => {
			let end = 0
			for (let line = 0; line < lines; line++) {
				const newline = received.indexOf(0x0a, end)
				if (newline < 0) return undefined
				end = newline + 1
			}
			return end
		})
		return answer.toString("utf8").split("\n").slice(0, lines)
	}

	/** Writes `input` and resolves with git's next bytes, up to where `end` says the answer ends. */
	askFor(input: string, end: AnswerEnd): Promise<Buffer> {
		return new Promise((resolve, reject) => {
			this.queue.push({ input, end, resolve, reject })
			if (this.queue.length === 1) this.send()
		})
	}

	/** Ends the git once its requests are answered; resolves when it has exited. */
	async close(): Promise<void> {
		const child = this.child
		if (child === undefined) return
		hold(child, true)
		child.stdin.end()
		await this.exited
	}

	private send(): void {
		const request = this.queue[0]
		if (request === undefined) return
		const child = this.child ?? this.spawn()
		hold(child, true)
		this.timer = setTimeout(() => stop(child, this.start.group === true), this.start.timeoutMs)
		child.stdin.write(request.input)
	}

	private spawn(): ChildProcessWithoutNullStreams {
		const child = spawn(this.start.command, this.start.args, {
			cwd: this.start.cwd,
			env: this.start.env,
			stdio: ["pipe", "pipe", "pipe"],
			detached: this.start.group === true,
		})
		this.child = child
		this.received = Buffer.alloc(0)
		this.stderr = ""
		let ended = () => {}
		this.exited = new Promise((resolve) => (ended = resolve))
		child.stdin.on("error", () => undefined)
		child.stderr.setEncoding("utf8")
		child.stdout.on("data", (chunk: Buffer) => this.read(chunk))
		child.stderr.on("data", (chunk: string) => {
			if (this.stderr.length < 4_000) this.stderr += chunk
		})
		child.on("error", (error) => this.gone(child, `could not be started: ${error.message}`))
		child.on("close", (code, signal) => {
			this.gone(
				child,
				signal === null ? `ended (exit ${code})` : "was stopped (it ran too long, or was killed)",
			)
			ended()
		})
		return child
	}

	private read(chunk: Buffer): void {
		this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk])
		for (;;) {
			const request = this.queue[0]
			const end = request === undefined ? undefined : request.end(this.received)
			if (request === undefined || end === undefined) return
			clearTimeout(this.timer)
			this.queue.shift()
			request.resolve(this.received.subarray(0, end))
			this.received = this.received.subarray(end)
			if (this.queue.length > 0) this.send()
			else if (this.child !== undefined) hold(this.child, false)
		}
	}

	/** The git ended: what it had not answered fails, with what it said. */
	private gone(child: ChildProcessWithoutNullStreams, how: string): void {
		if (this.child !== child) return
		this.child = undefined
		clearTimeout(this.timer)
		const said = this.stderr.trim()
		const failed = this.queue.splice(0)
		for (const request of failed)
			request.reject(
				new GitError(`git ${this.start.name} ${how}${said ? `: ${said}` : ""}`, false, said),
			)
	}
}

function stop(child: ChildProcessWithoutNullStreams, group: boolean): void {
	try {
		if (group && child.pid !== undefined) process.kill(-child.pid, "SIGKILL")
		else child.kill("SIGKILL")
	} catch {
		// Gone already.
	}
}

/** Whether the git keeps the host's event loop alive: only while it has a request to answer. */
function hold(child: ChildProcessWithoutNullStreams, alive: boolean): void {
	for (const handle of [child, child.stdin, child.stdout, child.stderr] as unknown as {
		ref(): void
		unref(): void
	}[]) {
		if (alive) handle.ref()
		else handle.unref()
	}
}
