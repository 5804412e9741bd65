import { GitError } from "../git/gitError.js"
import { isObjectId } from "../git/gitOutput.js"
import { checkpointAuthor } from "./shadowGit.js"

/**
 * Writes the commit object `git commit-tree <tree> [-p <parent>] -m <message>` would (Cairn as
 * author and committer, now, in the local time zone) with `write`, which gives its id.
 */
export async function writeCommit(
	write: (body: Buffer) => Promise<string>,
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
	return write(Buffer.from(object))
}

/** The id a hash-object answered, or the error it is not. */
export function objectId(answer: string | undefined, kind: string): string {
	if (answer !== undefined && isObjectId(answer)) return answer
	throw new GitError(`git hash-object did not write the ${kind}: ${answer ?? "no answer"}`)
}

/** Git's form of the local time zone at `date`: +HHMM or -HHMM. */
function timeZone(date: Date): string {
	const minutes = -date.getTimezoneOffset()
	const sign = minutes < 0 ? "-" : "+"
	const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0")
	return `${sign}${hours}${String(Math.abs(minutes) % 60).padStart(2, "0")}`
}
