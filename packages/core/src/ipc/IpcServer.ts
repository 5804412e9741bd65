import { chmod, link, mkdtemp, rm } from "node:fs/promises"
import { createServer, type Server } from "node:net"
import { dirname, join } from "node:path"
import type { Controller } from "../controller/Controller.js"
import type { Logger } from "../host/Host.js"
import { serveIpcConnection } from "./ipcConnection.js"
import { weakTokenProblem } from "./ipcToken.js"
import { claimSocketPath, platformSocketPath } from "./socketPath.js"

export interface IpcServerOptions {
	controller: Controller
	/** A Unix socket path, or on Windows a pipe name (`\\.\pipe\` is added when missing). */
	path: string
	logger: Logger
	/**
	 * The secret every client's first line must carry (see serveIpcConnection): only the
	 * processes the person gives it to may drive Cairn, whoever else can open the socket.
	 */
	token: string
	/** The person let IPC clients change trust settings too (see configurationMessages); false by default. */
	mayChangeTrust?: boolean
}

function listen(server: Server, path: string): Promise<void> {
	return new Promise((resolve, reject) => {
		server.once("error", reject)
		server.listen(path, () => {
			server.off("error", reject)
			resolve()
		})
	})
}

/**
 * Only the owner may connect: the socket drives an agent that edits files and runs commands. The
 * socket is bound inside a fresh folder only we can enter, made 0600 there, then linked to
 * `path`, so at no moment can another user connect (no window between bind and chmod, and no
 * change to the umask of a process other extensions share).
 */
async function listenOwnerOnly(server: Server, path: string): Promise<void> {
	if (process.platform === "win32") return listen(server, path)
	const staging = await mkdtemp(join(dirname(path), ".cairn-ipc-"))
	const staged = join(staging, "socket")
	try {
		await listen(server, staged)
		await chmod(staged, 0o600)
		// A link, not a rename: it fails rather than replace anything that appeared at `path` meanwhile.
		await link(staged, path)
	} catch (error) {
		server.close()
		throw error
	} finally {
		await rm(staging, { recursive: true, force: true })
	}
}

/**
 * The extension's local socket (a Unix domain socket, or a named pipe on Windows): each
 * connection authenticates with the token, then speaks the CLI's --stdin-prompt-stream protocol
 * (NDJSON commands in, stream-json events out) against the same Controller as the webview. Any
 * number of clients may connect.
 */
export class IpcServer {
	private readonly disconnects = new Set<() => void>()

	private constructor(
		private readonly server: Server,
		readonly path: string,
	) {}

	/** Listens on `options.path`; rejects when it cannot (in use, not a socket, no such folder, a weak token). */
	static async listen(options: IpcServerOptions): Promise<IpcServer> {
		const path = platformSocketPath(options.path)
		const weak = weakTokenProblem(options.token)
		if (weak !== undefined) throw new Error(`Cannot serve ${path}: ${weak}`)
		await claimSocketPath(path)
		const server = createServer()
		const ipc = new IpcServer(server, path)
		server.on("connection", (socket) => {
			const disconnect = serveIpcConnection(socket, options)
			ipc.disconnects.add(disconnect)
			socket.once("close", () => ipc.disconnects.delete(disconnect))
		})
		await listenOwnerOnly(server, path).catch((error: unknown) => {
			throw new Error(`Cannot serve ${path}: ${error instanceof Error ? error.message : String(error)}`)
		})
		server.on("error", (error) => options.logger.error("The IPC socket failed", { error: String(error) }))
		options.logger.info(`Serving the Cairn API on ${path}`)
		return ipc
	}

	get connectionCount(): number {
		return this.disconnects.size
	}

	/** Disconnects every client (their tasks go on), stops listening and removes the socket file. */
	async close(): Promise<void> {
		for (const disconnect of [...this.disconnects]) disconnect()
		this.disconnects.clear()
		await new Promise<void>((resolve) => this.server.close(() => resolve()))
		if (process.platform !== "win32") await rm(this.path, { force: true })
	}
}
