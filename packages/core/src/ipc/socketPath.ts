import { lstat, rm, stat } from "node:fs/promises"
import { connect } from "node:net"
import { dirname } from "node:path"

/** Windows has no socket files: a name becomes a named pipe in the pipe namespace. */
export function platformSocketPath(requested: string, platform: NodeJS.Platform = process.platform): string {
	if (platform !== "win32" || /^\\\\[.?]\\pipe\\/i.test(requested)) return requested
	return `\\\\.\\pipe\\${requested.replace(/^[\\/]+/, "")}`
}

function answers(path: string): Promise<boolean> {
	return new Promise((resolve) => {
		const probe = connect(path)
		probe.once("connect", () => {
			probe.destroy()
			resolve(true)
		})
		probe.once("error", () => resolve(false))
	})
}

/**
 * Makes `path` free to listen on. A socket file left by a process that died is removed; a
 * socket something still answers on, or a file that is not a socket, is an error: it is not ours
 * to delete. So is a missing folder (we do not guess where to create one).
 */
export async function claimSocketPath(
	path: string,
	platform: NodeJS.Platform = process.platform,
): Promise<void> {
	if (platform === "win32") return
	const folder = await stat(dirname(path)).catch(() => undefined)
	if (!folder?.isDirectory())
		throw new Error(`Cannot serve ${path}: the folder ${dirname(path)} does not exist`)
	const stats = await lstat(path).catch((error: NodeJS.ErrnoException) => {
		if (error.code === "ENOENT") return undefined
		throw error
	})
	if (stats === undefined) return
	if (!stats.isSocket())
		throw new Error(`${path} exists and is not a socket; choose another CAIRN_IPC_SOCKET_PATH`)
	if (await answers(path)) throw new Error(`Another process is already serving ${path}`)
	await rm(path, { force: true })
}
