import { chmodSync } from "node:fs"
import { rm } from "node:fs/promises"
import { createServer, type Server } from "node:net"
import type { Controller } from "../controller/Controller.js"
import type { Logger } from "../host/Host.js"
import { serveIpcConnection } from "./ipcConnection.js"
import { claimSocketPath, platformSocketPath } from "./socketPath.js"

export interface IpcServerOptions {
	controller: Controller
	/** A Unix socket path, or on Windows a pipe name (`\\.\pipe\` is added when missing). */
	path: string
	logger: Logger
}

/** Only the owner may connect: the socket drives an agent that edits files and runs commands. */
const ownerOnly = 0o600

/** Binds the socket with a umask that leaves it owner-only from the start, where the process allows. */
function listenOwnerOnly(server: Server, path: string): void {
	let previous: number | undefined
	try {
		previous = process.umask(0o177)
	} catch {
		// Worker threads cannot change the umask; the chmod right after listening still applies.
	}
	try {
		server.listen(path)
	} finally {
		if (previous !== undefined) process.umask(previous)
	}
}

/**
 * The extension's local socket (a Unix domain socket, or a named pipe on Windows): each
 * connection speaks the CLI's --stdin-prompt-stream protocol (NDJSON commands in, stream-json
 * events out) against the same Controller as the webview. Any number of clients may connect.
 */
export class IpcServer {
	private readonly disconnects = new Set<() => void>()

	private constructor(
		private readonly server: Server,
		readonly path: string,
	) {}

	/** Listens on `options.path`; rejects when it cannot (in use, not a socket, no such folder). */
	static async listen(options: IpcServerOptions): Promise<IpcServer> {
		const path = platformSocketPath(options.path)
		await claimSocketPath(path)
		const server = createServer()
		const ipc = new IpcServer(server, path)
		server.on("connection", (socket) => {
			const disconnect = serveIpcConnection(socket, options.controller, options.logger)
			ipc.disconnects.add(disconnect)
			socket.once("close", () => ipc.disconnects.delete(disconnect))
		})
		await new Promise<void>((resolve, reject) => {
			const fail = (error: Error) => reject(new Error(`Cannot serve ${path}: ${error.message}`))
			server.once("error", fail)
			server.once("listening", () => {
				server.off("error", fail)
				// Synchronously, before the event loop can accept a connection.
				if (process.platform !== "win32") chmodSync(path, ownerOnly)
				resolve()
			})
			listenOwnerOnly(server, path)
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
