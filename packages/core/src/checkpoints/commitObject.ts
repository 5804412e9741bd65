import { rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { GitError } from "../git/gitError.js"
import { checkpointAuthor, type ShadowGit } from "./shadowGit.js"

const commitWriterArgs = ["hash-object", "-w", "-t", "commit", "--stdin-paths"]

/**
 * Writes the commit object `git commit-tree <tree> [-p <parent>] -m <message>` would (Cairn as
 * author and committer, now, in the local time zone), through the repository's long-lived
 * hash-object: the object is read from a file of Cairn's own beside the repository.
 */
export async function writeCommit(
	git: ShadowGit,
	tree: string,
	parent: string | undefined,
	message: string,
): Promise<string> {
	const now = new Date()
	const when = `${Math.floor(now.getTime() / 1000)} ${timeZone(now)}`
	const author = `${checkpointAuthor.GIT_AUTHOR_NAME} <${checkpointAuthor.GIT_AUTHOR_EMAIL}> ${when}`
	const committer = `${checkpointAuthor.GIT_COMMITTER_NAME} <${checkpointAuthor.GIT_COMMITTER_EMAIL}> ${when}`
	const object = [
		`tree ${tree}`,
		...(parent ? [`parent ${parent}`] : []),
		`author ${author}`,
		`committer ${committer}`,
		"",
		`${message}\n`,
	].join("\n")
	const file = path.join(path.dirname(git.gitDir), `commit-${process.pid}`)
	await writeFile(file, object)
	try {
		const [id] = await git.session(commitWriterArgs).ask(`${file}\n`, 1)
		return objectId(id, "commit")
	} finally {
		await rm(file, { force: true })
	}
}

/** The id a hash-object answered, or the error it is not. */
export function objectId(answer: string | undefined, kind: string): string {
	if (answer !== undefined && /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(answer)) return answer
	throw new GitError(`git hash-object did not write the ${kind}: ${answer ?? "no answer"}`)
}

/** Git's form of the local time zone at `date`: +HHMM or -HHMM. */
function timeZone(date: Date): string {
	const minutes = -date.getTimezoneOffset()
	const sign = minutes < 0 ? "-" : "+"
	const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0")
	return `${sign}${hours}${String(Math.abs(minutes) % 60).padStart(2, "0")}`
}
