import { appendFile, mkdir, readFile } from "node:fs/promises"
import path from "node:path"

const marker = "# Cairn: folders its worktrees link to the main work tree's (ignored there too)"

/** A gitignore pattern matching exactly `relative` from the root: every special character escaped. */
const exactPattern = (relative: string) => `/${relative.replace(/[\\*?[\]!# ]/g, (char) => `\\${char}`)}`

/**
 * Git takes a linked folder for a file, so a `node_modules/` line (folders only) does not ignore
 * the link a worktree gets in its place and it would show as a new file, to be committed by a
 * landing. The main work tree ignores those folders, so the repository's shared exclude file
 * (`info/exclude`, read by every worktree) gets a line for each link: the main work tree, where
 * the folder is ignored already, sees no difference.
 */
export async function excludeLinks(commonDir: string, ignoredInMain: readonly string[]): Promise<void> {
	if (ignoredInMain.length === 0) return
	const file = path.join(commonDir, "info", "exclude")
	const current = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
		if (error.code === "ENOENT") return ""
		throw error
	})
	const lines = new Set(current.split("\n"))
	const missing = ignoredInMain.map(exactPattern).filter((pattern) => !lines.has(pattern))
	if (missing.length === 0) return
	await mkdir(path.dirname(file), { recursive: true })
	const start = current === "" || current.endsWith("\n") ? "" : "\n"
	const heading = lines.has(marker) ? [] : [marker]
	await appendFile(file, `${start}${[...heading, ...missing].join("\n")}\n`)
}
