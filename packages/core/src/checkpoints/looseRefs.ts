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
 * Points `ref` at `id` as git moves a loose ref: the id is written to `<ref>.lock`, which is then
 * renamed over the ref, so a reader sees the old id or the new one. Done in the host rather than
 * by a long-lived `update-ref`, a process and a round trip a checkpoint. The caller holds the
 * repository's lock (see StoreLock), so a lock file found there was left by a process that died
 * mid-move, and is replaced.
 */
export function writeLooseRef(gitDir: string, ref: string, id: string): void {
	if (!writableRef.test(ref) || ref.includes("..") || /\.lock(?:\/|$)/.test(ref))
		throw new GitError(`Cairn does not write a ref named ${JSON.stringify(ref)}`)
	if (!isObjectId(id)) throw new GitError(`not an object id: ${JSON.stringify(id)}`)
	const file = path.join(gitDir, ...ref.split("/"))
	renamedIntoPlace(`${file}.lock`, file, `${id}\n`, { replaceStaleTemp: true })
}
