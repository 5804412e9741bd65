import { execFile } from "node:child_process"
import { mkdir, realpath, writeFile } from "node:fs/promises"
import path from "node:path"
import { bwrapArgs } from "../sandbox/bwrapArgs.js"
import { bareSandboxPolicy } from "../sandbox/sandboxPolicy.js"
import { probeSandbox } from "../sandbox/sandboxProbe.js"

/** How a git command line is started: the program and its arguments. */
export type GitWrap = (args: readonly string[]) => { command: string; args: string[] }

/**
 * The checkpoints' gits read the workspace's files on the host's behalf, following whatever a
 * path leads to when they open it. A file swapped for a link (or a folder above it for a link)
 * between the checkpoint's look at it and git's read would put a file from outside the
 * workspace (a key under ~/.ssh) in a checkpoint. Confined, git sees only the system's programs,
 * the workspace read-only and the shadow repository's folder: such a link leads to nothing.
 * Bubblewrap's start is paid once per long-lived git, and per one-off git.
 *
 * Undefined when bubblewrap cannot confine git here: the repository then reads the files itself
 * and checks what it read (see verifiedRead).
 */
export async function confineGit(
	bwrapPath: string,
	workspaceRoot: string,
	shadowFolder: string,
): Promise<GitWrap | undefined> {
	if (!(await probeSandbox(bwrapPath)).available) return undefined
	const git = await findProgram("git")
	if (git === undefined) return undefined
	const scratch = { tmp: path.join(shadowFolder, "tmp"), emptyFile: path.join(shadowFolder, "empty") }
	await mkdir(scratch.tmp, { recursive: true })
	await writeFile(scratch.emptyFile, "", { mode: 0o444 })
	const policy = {
		...bareSandboxPolicy(bwrapPath, workspaceRoot, shadowFolder, {}),
		programsOnly: { programs: [git], writablePaths: [shadowFolder] },
	}
	// No sockets to cover: the narrow view shows none of the machine's.
	const prefix = [...bwrapArgs(policy, workspaceRoot, scratch, []), "--", git]
	const wrap: GitWrap = (args) => ({ command: bwrapPath, args: [...prefix, ...args] })
	// A system whose git needs more than the narrow view shows is not confined, and says so by failing here.
	const works = await new Promise<boolean>((resolve) => {
		const { command, args } = wrap(["version"])
		execFile(command, args, { env: { PATH: process.env.PATH ?? "" }, timeout: 10_000 }, (error) =>
			resolve(error === null),
		)
	})
	return works ? wrap : undefined
}

/** The real path of `name` as PATH finds it. */
async function findProgram(name: string): Promise<string | undefined> {
	for (const folder of (process.env.PATH ?? "").split(path.delimiter)) {
		if (!path.isAbsolute(folder)) continue
		const found = await realpath(path.join(folder, name)).catch(() => undefined)
		if (found !== undefined) return found
	}
	return undefined
}
