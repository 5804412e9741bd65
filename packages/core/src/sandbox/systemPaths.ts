import { realpathSync } from "node:fs"
import path from "node:path"
import { inPrivateArea } from "./privateAreas.js"

/**
 * What the system needs from the folders the sandbox makes private: the file /etc/resolv.conf
 * links to (systemd-resolved and NetworkManager keep it under /run; without it a command with
 * the network on resolves no names) and the folders on PATH (NixOS keeps its programs under
 * /run/current-system). Neither holds a socket.
 */
export function systemPaths(): string[] {
	const wanted = ["/etc/resolv.conf", ...(process.env.PATH ?? "").split(path.delimiter)]
	const found = new Set<string>()
	for (const candidate of wanted) {
		if (!path.isAbsolute(candidate)) continue
		try {
			const real = realpathSync(candidate)
			// /dev is bubblewrap's own, not a copy of the machine's.
			if (inPrivateArea(real) && !`${real}/`.startsWith("/dev/")) found.add(real)
		} catch {
			// Not there.
		}
	}
	return [...found]
}
