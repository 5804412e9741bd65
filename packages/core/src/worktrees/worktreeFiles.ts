import { constants } from "node:fs"
import { lstat, mkdir, open, realpath, stat, symlink } from "node:fs/promises"
import path from "node:path"
import { glob, isDynamicPattern } from "tinyglobby"
import { openRegularFile } from "../workspace/repositoryFile.js"
import { isInside, realLocation } from "../workspace/workspacePaths.js"

export interface PlacedFiles {
	/** Repository-relative paths placed in the worktree. */
	placed: string[]
	/** Entries left out, each "<path> <why>". */
	skipped: string[]
}

const noFollow = constants.O_NOFOLLOW ?? 0

/** Repository-relative paths (forward slashes) the patterns match in `top`, never inside .git. */
async function matches(
	top: string,
	patterns: readonly string[],
	kind: "files" | "folders",
): Promise<string[]> {
	const found = new Set<string>()
	const dynamic = patterns.filter((pattern) => isDynamicPattern(pattern))
	// A plain path is looked at directly: globbing "node_modules" would walk the whole tree.
	for (const pattern of patterns.filter((pattern) => !isDynamicPattern(pattern))) {
		const info = await lstat(path.join(top, pattern)).catch(() => undefined)
		if (info !== undefined) found.add(pattern.replace(/\\/g, "/").replace(/\/+$/, ""))
	}
	if (dynamic.length > 0)
		for (const match of await glob(dynamic, {
			cwd: top,
			dot: true,
			followSymbolicLinks: false,
			onlyFiles: kind === "files",
			onlyDirectories: kind === "folders",
			expandDirectories: false,
			ignore: ["**/.git", "**/.git/**"],
		}))
			found.add(match.replace(/\/+$/, ""))
	return [...found].sort()
}

/** Where `relative` goes in the worktree, unless a link in the worktree would carry it out. */
async function placeIn(worktree: string, relative: string): Promise<string | undefined> {
	const destination = path.join(worktree, relative)
	return isInside(worktree, await realLocation(destination)) ? destination : undefined
}

/**
 * Copies the files the patterns match in the main work tree `top` into the worktree: only
 * regular files whose real path stays in the repository (a link leading out is skipped, never
 * followed), opened without blocking, and never over a file the worktree has (its own version).
 * `top` and `worktree` are real paths.
 */
export async function copyFiles(
	top: string,
	worktree: string,
	patterns: readonly string[],
): Promise<PlacedFiles> {
	const result: PlacedFiles = { placed: [], skipped: [] }
	for (const relative of await matches(top, patterns, "files")) {
		const real = await realpath(path.join(top, relative)).catch(() => undefined)
		if (real === undefined || !isInside(top, real)) {
			result.skipped.push(`${relative} leads outside the repository`)
			continue
		}
		const destination = await placeIn(worktree, relative)
		if (destination === undefined) {
			result.skipped.push(`${relative} would land outside the worktree`)
			continue
		}
		const source = await openRegularFile(real)
		if (source.kind !== "ok") {
			if (source.kind === "skipped") result.skipped.push(`${relative} ${source.why}`)
			continue
		}
		try {
			await mkdir(path.dirname(destination), { recursive: true })
			const target = await open(
				destination,
				constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow,
				source.info.mode & 0o777,
			).catch((error: NodeJS.ErrnoException) => {
				if (error.code === "EEXIST") return undefined
				throw error
			})
			if (target === undefined) {
				result.skipped.push(`${relative} is in the worktree already`)
				continue
			}
			try {
				for await (const chunk of source.handle.createReadStream({ autoClose: false }))
					await target.write(chunk as Buffer)
			} finally {
				await target.close()
			}
			result.placed.push(relative)
		} finally {
			await source.handle.close()
		}
	}
	return result
}

/**
 * Links the folders the patterns match in the main work tree into the worktree (a symbolic
 * link to the folder's real path, so nothing is copied): only folders whose real path stays in
 * the repository, never in place of something the worktree has, and not a folder inside one
 * linked already.
 */
export async function linkFolders(
	top: string,
	worktree: string,
	patterns: readonly string[],
): Promise<PlacedFiles> {
	const result: PlacedFiles = { placed: [], skipped: [] }
	for (const relative of await matches(top, patterns, "folders")) {
		if (result.placed.some((linked) => relative.startsWith(`${linked}/`))) continue
		const real = await realpath(path.join(top, relative)).catch(() => undefined)
		if (real === undefined || !isInside(top, real) || real === top) {
			result.skipped.push(`${relative} leads outside the repository`)
			continue
		}
		if (!(await stat(real)).isDirectory()) {
			result.skipped.push(`${relative} is not a folder`)
			continue
		}
		const destination = await placeIn(worktree, relative)
		if (destination === undefined) {
			result.skipped.push(`${relative} would land outside the worktree`)
			continue
		}
		if ((await lstat(destination).catch(() => undefined)) !== undefined) {
			result.skipped.push(`${relative} is in the worktree already`)
			continue
		}
		await mkdir(path.dirname(destination), { recursive: true })
		await symlink(real, destination, process.platform === "win32" ? "junction" : "dir")
		result.placed.push(relative)
	}
	return result
}
