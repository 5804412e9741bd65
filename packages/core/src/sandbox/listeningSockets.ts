import { lstatSync, readFileSync, realpathSync } from "node:fs"

/** One line of /proc/net/unix: `Num: RefCount Protocol Flags Type St Inode Path`. */
const entry = /^\S+: \S+ \S+ \S+ \S+ \S+ +\d+ (\/.*)$/

/**
 * The real paths of the Unix sockets that programs on this machine have bound to a file and
 * that still exist: tmux's, ssh-agent's, gpg-agent's, the editor's, a database's, wherever they
 * sit. The kernel lists every bound socket of this network namespace, so no folder has to be
 * guessed or walked. Abstract sockets (`@name`) have no file and are left to the network
 * namespace. Reading it costs well under a millisecond, so it is read for every command and a
 * socket opened after Cairn started is covered too.
 */
export function listeningSockets(): string[] {
	let table: string
	try {
		table = readFileSync("/proc/net/unix", "utf8")
	} catch {
		return []
	}
	// A server's accepted connections repeat its path.
	const bound = new Set(table.split("\n").flatMap((line) => entry.exec(line)?.[1] ?? []))
	const found = new Set<string>()
	for (const socket of bound) {
		try {
			// A removed socket file lingers in the table while its server runs.
			if (lstatSync(socket).isSocket()) found.add(realpathSync(socket))
		} catch {
			// Gone since it was bound: nothing to reach.
		}
	}
	return [...found]
}
