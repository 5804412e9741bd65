import { createHash } from "node:crypto"
import { mkdir, realpath } from "node:fs/promises"
import path from "node:path"
import { isInside, realLocation } from "../workspace/workspacePaths.js"

/**
 * A short name per repository, readable and unique: the work tree's folder name and a hash of
 * its git folder, so two clones both named "app" keep their worktrees apart.
 */
export function repositoryKey(top: string, commonDir: string): string {
	const readable =
		path
			.basename(top)
			.replace(/[^A-Za-z0-9_-]/g, "_")
			.slice(0, 40) || "repository"
	return `${readable}-${createHash("sha256").update(commonDir).digest("hex").slice(0, 12)}`
}

/**
 * The folder a repository's worktrees are kept in (created when missing), as a real path:
 * `<folder>/<key>` with the configured folder, else under Cairn's storage. Refused when it lies
 * inside the repository's work tree or git folder (the worktrees would become the repository's
 * files), resolving links first, so a configured folder that is a link into the repository
 * (or a storage folder inside the workspace) is caught too.
 */
export async function worktreesFolder(options: {
	storageDir: string
	folder?: string
	key: string
	top: string
	commonDir: string
}): Promise<string> {
	const base = options.folder ?? path.join(options.storageDir, "worktrees", "trees")
	if (!path.isAbsolute(base))
		throw new Error(`The worktrees folder must be an absolute path, not "${base}"`)
	const folder = path.join(base, options.key)
	// Judged before it is made (no folder is left in the repository) and again once it exists.
	await refuseInsideRepository(await realLocation(folder), options)
	await mkdir(folder, { recursive: true })
	const real = await realpath(folder)
	await refuseInsideRepository(real, options)
	return real
}

async function refuseInsideRepository(
	real: string,
	options: { top: string; commonDir: string },
): Promise<void> {
	for (const [inside, what] of [
		[options.top, "work tree"],
		[options.commonDir, "git folder"],
	] as const) {
		const root = await realpath(inside)
		if (isInside(root, real) || isInside(real, root))
			throw new Error(
				`Worktrees cannot be kept in ${real}: it is ${isInside(root, real) ? "inside" : "around"} the repository's ${what} (${root}). Choose a folder outside the repository.`,
			)
	}
}
