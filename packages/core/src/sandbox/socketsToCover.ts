import { listeningSockets } from "./listeningSockets.js"
import { present } from "./present.js"
import { inPrivateArea } from "./privateAreas.js"
import type { SandboxPolicy } from "./sandboxPolicy.js"
import { isInside } from "../workspace/workspacePaths.js"

/**
 * The Unix sockets a command under `policy` must find covered, read as it starts: every socket
 * bound on the machine then and the policy's own (`hiddenSockets`). Those under a hidden folder,
 * or in /tmp or /run (unless the workspace shows it again), are out of sight already; covering
 * them would only cost a mount. A second reading (`again`), after one of them vanished before
 * bubblewrap could cover it, keeps only the policy's sockets that are still there.
 */
export function socketsToCover(policy: SandboxPolicy, again = false): string[] {
	const named = again ? policy.hiddenSockets.filter(present) : policy.hiddenSockets
	const outOfSight = (socket: string) =>
		policy.hiddenPaths.some((folder) => isInside(folder, socket)) ||
		(inPrivateArea(socket) && !isInside(policy.workspaceRoot, socket))
	return [...new Set([...listeningSockets(), ...named])].filter((socket) => !outOfSight(socket))
}
