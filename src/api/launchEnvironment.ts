/** Set to a socket path (a pipe name on Windows) to drive Cairn over NDJSON from other programs. */
export const ipcSocketPathVariable = "CAIRN_IPC_SOCKET_PATH"
/** The secret each client of the socket must send first; set by whoever sets the path. */
export const ipcTokenVariable = "CAIRN_IPC_TOKEN"
/**
 * `1`: the API and the IPC socket may change trust settings too (the provider's endpoint, keys,
 * auto-approval, the sandbox...), for a harness that sets Cairn up with no person at the editor.
 */
export const mayChangeTrustVariable = "CAIRN_API_MAY_CHANGE_TRUST_SETTINGS"
/**
 * What the launcher tells this extension host alone. Read once and deleted at activation, so no
 * process Cairn starts (a command, a terminal, an MCP server, a hook) inherits them.
 */
export const launchOnlyVariables = [ipcSocketPathVariable, ipcTokenVariable, mayChangeTrustVariable] as const

export interface IpcLaunch {
	socketPath: string
	token: string | undefined
}

export interface LaunchEnvironment {
	/** Undefined when no socket was asked for. */
	ipc: IpcLaunch | undefined
	/** The person let programs (the API, the IPC socket) change trust settings. */
	mayChangeTrust: boolean
}

/**
 * Takes the launch-only variables out of `env`: returns what they said and deletes them,
 * whatever they hold. Must run before anything starts a process.
 */
export function takeLaunchEnvironment(env: NodeJS.ProcessEnv = process.env): LaunchEnvironment {
	const socketPath = env[ipcSocketPathVariable]
	const token = env[ipcTokenVariable]
	const mayChangeTrust = env[mayChangeTrustVariable] === "1"
	for (const name of launchOnlyVariables) delete env[name]
	return {
		ipc:
			socketPath === undefined || socketPath === ""
				? undefined
				: { socketPath, token: token === "" ? undefined : token },
		mayChangeTrust,
	}
}
