import { connect, type Socket } from "node:net"
import { createInterface } from "node:readline"

export type Line = Record<string, unknown>

/** A client of the IPC socket as a program would write one: NDJSON out, NDJSON in. */
export class IpcClient {
	readonly lines: Line[] = []
	/** Errors of the connection (a reset when the server goes away), kept instead of thrown. */
	readonly errors: Error[] = []
	private readonly waiters = new Set<() => void>()
	readonly closed: Promise<void>

	private constructor(readonly socket: Socket) {
		const lines = createInterface({ input: socket })
		// readline re-emits the socket's errors; one error is kept once, not thrown.
		lines.on("error", () => {})
		socket.on("error", (error) => this.errors.push(error))
		lines.on("line", (text) => {
			this.lines.push(JSON.parse(text) as Line)
			for (const wake of this.waiters) wake()
		})
		this.closed = new Promise((resolve) => socket.once("close", () => resolve()))
	}

	/** Connects, authenticates with `token` and waits for the `init` line. */
	static async connect(path: string, token: string): Promise<IpcClient> {
		const client = await IpcClient.open(path)
		client.send({ command: "authenticate", token })
		await client.waitFor((l) => l.type === "init", "the init line")
		return client
	}

	/** Connects and sends nothing: what an unauthenticated program would do first. */
	static async open(path: string): Promise<IpcClient> {
		const socket = connect(path)
		await new Promise<void>((resolve, reject) => {
			socket.once("connect", resolve)
			socket.once("error", reject)
		})
		return new IpcClient(socket)
	}

	send(command: Line): void {
		this.socket.write(`${JSON.stringify(command)}\n`)
	}

	/** Sends raw text, for lines that are not valid commands. */
	sendRaw(text: string): void {
		this.socket.write(text)
	}

	/** The first line (from `from` on) for which `predicate` holds, waiting up to `timeoutMs`. */
	async waitFor(
		predicate: (line: Line) => boolean,
		what: string,
		timeoutMs = 10_000,
		from = 0,
	): Promise<Line> {
		const deadline = Date.now() + timeoutMs
		for (;;) {
			const found = this.lines.slice(from).find(predicate)
			if (found !== undefined) return found
			const left = deadline - Date.now()
			if (left <= 0) {
				const tail = this.lines.slice(-5).map((l) => JSON.stringify(l).slice(0, 200))
				throw new Error(`Timed out waiting for ${what}; last lines:\n${tail.join("\n")}`)
			}
			await new Promise<void>((resolve) => {
				const wake = () => {
					clearTimeout(timer)
					this.waiters.delete(wake)
					resolve()
				}
				const timer = setTimeout(wake, Math.min(left, 200))
				this.waiters.add(wake)
			})
		}
	}

	/** The `done` (or `error`) line answering `requestId`. */
	reply(requestId: string, timeoutMs?: number): Promise<Line> {
		return this.waitFor(
			(l) => l.requestId === requestId && (l.type === "done" || l.type === "error"),
			`the reply to ${requestId}`,
			timeoutMs,
		)
	}

	close(): void {
		this.socket.destroy()
	}
}
