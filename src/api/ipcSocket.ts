import type * as vscode from "vscode"
import type { AgentLoader } from "../agent/AgentLoader"

/** Set to a socket path (a pipe name on Windows) to drive Cairn over NDJSON from other programs. */
export const ipcSocketPathVariable = "CAIRN_IPC_SOCKET_PATH"

export interface IpcSocket {
	/** Disconnects its clients (their tasks go on) and removes the socket. */
	close(): Promise<void>
}

/**
 * Serves the IPC socket when CAIRN_IPC_SOCKET_PATH is set. The socket needs the agent, so it
 * loads it now, after activation has returned. A socket that cannot be served is reported in
 * the log and a notification; the extension works on without it.
 */
export function serveIpcSocket(
	agent: AgentLoader,
	log: vscode.LogOutputChannel,
	notify: (message: string) => void,
	env: NodeJS.ProcessEnv = process.env,
): IpcSocket | undefined {
	const socketPath = env[ipcSocketPathVariable]
	if (socketPath === undefined || socketPath === "") return undefined
	const server = agent
		.load()
		.then((loaded) => loaded.serveIpc(socketPath))
		.catch((error: unknown) => {
			const message = `Cairn could not serve ${ipcSocketPathVariable}=${socketPath}: ${error instanceof Error ? error.message : String(error)}`
			log.error(message)
			notify(message)
			return undefined
		})
	return {
		async close() {
			await (await server)?.close()
		},
	}
}
