import { randomBytes } from "node:crypto"
import { GitSession, type SessionStart } from "./gitSession.js"

/**
 * The shell that runs the command again at each "run" it reads: in the folder as it is then (it
 * may have been removed and made again since the last run), its errors left out, then a line
 * that ends the answer: a NUL, the session's nonce and the exit code. Any other input, or none
 * (the host gone), and it ends.
 */
const repeatLoop = `nonce=$1 folder=$2
shift 2
while IFS= read -r word && [ "$word" = run ]; do
	(cd -P -- "$folder" && exec "$@") 2>/dev/null
	printf '\\0%s %s\\n' "$nonce" "$?"
done`

/**
 * One git command line, run again at each request by a shell that stays alive: a run costs the
 * host a line each way and the shell a fork, instead of the host (or its launcher, a 40 MB Node)
 * starting a process. For a command whose output says nothing else, such as the checkpoint's
 * listing: a git that fails is run again by the caller as any other, for its error.
 *
 * The answer ends at the session's marker, a NUL and a nonce drawn when the session is made: no
 * output of git's `-z` forms holds a NUL followed by anything but a name's first byte, and a name
 * cannot guess the nonce. Not on Windows (no /bin/sh).
 */
export class RepeatedGit {
	private readonly marker: Buffer
	private readonly session: GitSession

	constructor(start: SessionStart) {
		const nonce = randomBytes(12).toString("hex")
		this.marker = Buffer.from(`\0${nonce} `)
		this.session = new GitSession({
			...start,
			command: "/bin/sh",
			args: ["-c", repeatLoop, "sh", nonce, start.cwd, start.command, ...start.args],
			cwd: "/",
			group: true,
		})
	}

	/** Runs the command once more: its exit code and output. Fails (GitError) when the shell ended. */
	async run(): Promise<{ code: number; stdout: Buffer }> {
		const answer = await this.session.askFor("run\n", (received) => {
			const at = received.indexOf(this.marker)
			const newline = at < 0 ? -1 : received.indexOf(0x0a, at + this.marker.length)
			return newline < 0 ? undefined : newline + 1
		})
		const at = answer.indexOf(this.marker)
		const code = Number(answer.subarray(at + this.marker.length, answer.length - 1).toString("utf8"))
		return { code, stdout: answer.subarray(0, at) }
	}

	/** Ends the shell once its run is answered; resolves when it has exited. */
	close(): Promise<void> {
		return this.session.close()
	}
}
