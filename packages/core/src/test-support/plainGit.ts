import { spawnSync } from "node:child_process"

/**
 * Plain git for a test's own setup and checks (never the code under test), with a committer
 * named so that commits work on a machine without a git identity. Throws with git's stderr.
 */
export function plainGit(cwd: string, ...args: string[]): string {
	const result = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd })
	if (result.status !== 0) throw new Error(result.stderr.toString())
	return result.stdout.toString()
}
