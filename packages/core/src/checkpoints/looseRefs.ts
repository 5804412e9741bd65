import { closeSync, constants, fstatSync, openSync, writeSync } from "node:fs"
import path from "node:path"
import { GitError } from "../git/gitError.js"
import { isObjectId } from "../git/gitOutput.js"
import { renamedIntoPlace } from "./renamedIntoPlace.js"

/**
 * A ref name Cairn writes itself: "refs/" and names of letters, digits, "_", "-" and inner dots,
 * none ending in ".lock". Narrower than git's rules, all within them, and none can leave the refs
 * folder ("..", an absolute path) or name git's own lock files.
 */
const writableRef = /^refs(?:\/[A-Za-z0-9_-](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?)+$/

/**
 * Points `ref` at `id`. A ref that is a loose file of the same length (the task's ref from its last
 * checkpoint) is overwritten in place: one write of a few dozen bytes at its start, which no
 * reader sees half done (a reader takes the repository's lock first, and the write cannot be cut
 * within the page). Otherwise the id goes to `<ref>.lock`, renamed over the ref, as git moves a
 * loose ref. Making a file costs the host a new inode and a rename, about a millisecond a
 * checkpoint on a busy disk, where the overwrite costs a tenth of that. Done in the host rather
 * than by a long-lived `update-ref`, a process and a round trip a checkpoint. The caller holds the
 * repository's lock (see StoreLock), so a lock file found there was left by a process that died
 * mid-move, and is replaced.
 */
export function writeLooseRef(gitDir: string, ref: string, id: string): void {
	if (!writableRef.test(ref) || ref.includes("..") || /\.lock(?:\/|$)/.test(ref))
		throw new GitError(`Cairn does not write a ref named ${JSON.stringify(ref)}`)
	if (!isObjectId(id)) throw new GitError(`not an object id: ${JSON.stringify(id)}`)
	const file = path.join(gitDir, ...ref.split("/"))
	const text = `${id}\n`
	if (!overwrittenInPlace(file, text))
		renamedIntoPlace(`${file}.lock`, file, text, { replaceStaleTemp: true })
}

/** Writes `text` over the loose ref `file` when it is a file of the same length; false when it is not one. */
function overwrittenInPlace(file: string, text: string): boolean {
	let fd: number
	try {
		// Not through a link: a ref is a file of the repository's own.
		fd = openSync(file, constants.O_RDWR | constants.O_NOFOLLOW)
	} catch {
		return false
	}
	try {
		const stats = fstatSync(fd)
		if (!stats.isFile() || stats.size !== text.length) return false
		if (writeSync(fd, text, 0, "latin1") !== text.length)
			throw new GitError(`the ref ${file} was written short`)
		return true
	} finally {
		closeSync(fd)
	}
}
