import type * as vscode from "vscode"
import type { AgentLoader } from "../agent/AgentLoader"
import { ipcSocketPathVariable, ipcTokenVariable, type IpcLaunch } from "./launchEnvironment"

export interface IpcSocket {
	/** Disconnects its clients (their tasks go on) and removes the socket. */
	close(): Promise<void>
}

/**
 * Serves the IPC socket the launcher asked for. The socket needs the agent, so it loads it now,
 * after activation has returned. A socket that cannot be served (no token, a weak one, a path in
 * use) is reported in the log and a notification; the extension works on without it.
 */
export function serveIpcSocket(
	launch: IpcLaunch,
	agent: AgentLoader,
	log: vscode.LogOutputChannel,
	notify: (message: string) => void,
): IpcSocket {
	const { socketPath, token } = launch
	const server = (
		token === undefined
			? Promise.reject(
					new Error(
						`${ipcTokenVariable} is not set; clients must authenticate with it, so the socket is not served`,
					),
				)
			: agent.load().then((loaded) => loaded.serveIpc(socketPath, token))
	).catch((error: unknown) => {
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
