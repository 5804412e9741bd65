import { commonRipgrepArgs, runRipgrep } from "../tools/support/ripgrep.js"
import type { CairnIgnore } from "../workspace/ignoreRules.js"

/**
 * The workspace's files the index may hold, workspace-relative with "/" separators: what
 * ripgrep lists (it honours .gitignore, .ignore and .rgignore, and never enters .git) less what
 * .cairnignore hides from the agent.
 */
export async function indexableFiles(
	root: string,
	ignore: CairnIgnore,
	signal: AbortSignal,
): Promise<string[]> {
	const files: string[] = []
	const run = await runRipgrep(["--files", ...commonRipgrepArgs, "."], {
		cwd: root,
		signal,
		onLine: (line) => {
			const relative = line.replace(/^\.\//, "").replaceAll("\\", "/")
			if (relative !== "" && ignore.isAllowed(relative)) files.push(relative)
			return true
		},
	})
	signal.throwIfAborted()
	if (run.exitCode === 2 && files.length === 0)
		throw new Error(`Could not list the workspace's files: ${run.stderr}`)
	return files.sort()
}

/** A NUL byte in the first 8 KB: the same test git uses to call a file binary. */
export function looksBinary(bytes: Uint8Array): boolean {
	return bytes.subarray(0, 8192).includes(0)
}
