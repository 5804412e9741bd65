import { type Dirent, readdirSync, realpathSync, statSync } from "node:fs"
import path from "node:path"
import { isWorkspaceFileName, protectedFiles, protectedFolders } from "../workspace/protectedPaths.js"
import { isInside } from "../workspace/workspacePaths.js"
import { present } from "./present.js"

/**
 * A path inside the workspace that a sandboxed command must not change, and how it is mounted:
 * - `readOnly`: it exists and is mounted read-only over itself (a mount point cannot be moved
 *   aside or removed either);
 * - `pinned`: a folder that stays writable but is mounted over itself so it cannot be renamed and
 *   replaced (a repository's `.git`: commits write its index, objects and refs);
 * - `missing`: it does not exist. A folder gets an empty read-only stand-in, so nothing can be
 *   made in it (bubblewrap makes its mount point in the workspace, an empty folder git does not
 *   see, removed after the command). A file cannot: an empty stand-in would show in `git status`
 *   and be committed by `git add -A`; one the command creates is moved out of the workspace
 *   after it, and the command counts as failed in the sandbox (see sandboxedSpawn).
 */
export interface ProtectedMount {
	readonly path: string
	readonly kind: "file" | "folder"
	readonly mount: "readOnly" | "pinned" | "missing"
}

/**
 * What in a repository's `.git` folder makes git run programs (config: filters, fsmonitor,
 * hooksPath, aliases; hooks; info/attributes) or points it at other repositories whose own
 * config and hooks then apply (modules, worktrees).
 */
const gitInternals: readonly (readonly [string, "file" | "folder", "always" | "ifPresent"])[] = [
	["config", "file", "always"],
	// Read only when config turns extensions.worktreeConfig on, which config being read-only prevents.
	["config.worktree", "file", "ifPresent"],
	["hooks", "folder", "always"],
	["info", "folder", "always"],
	["modules", "folder", "always"],
	["worktrees", "folder", "always"],
]

/** How far into the workspace nested repositories and workspace files are looked for. */
const walkLimits = { depth: 4, folders: 3_000 }
/** Never holds a repository of the workspace's own, and can hold many thousands of folders. */
const notWalked = new Set(["node_modules", ".git"])

/**
 * What `target` is, at its real path. A symlink out of the workspace leads somewhere read-only or
 * hidden already, and mounting its target would show a hidden credential store again: undefined.
 */
function resolve(target: string, workspace: string): { path: string; kind: "file" | "folder" } | undefined {
	try {
		const real = realpathSync(target)
		if (!isInside(workspace, real)) return undefined
		return { path: real, kind: statSync(real).isDirectory() ? "folder" : "file" }
	} catch {
		return undefined
	}
}

/** One top-level protected name: read-only where it exists, a stand-in where nothing is. */
function protectedName(target: string, kind: "file" | "folder", workspace: string): ProtectedMount[] {
	const found = resolve(target, workspace)
	if (found !== undefined) return [{ ...found, mount: "readOnly" }]
	// A dangling symlink cannot be mounted over; Cairn's readers do not follow it either.
	if (present(target)) return []
	return [{ path: target, kind, mount: "missing" }]
}

/** A repository's `.git`: a folder is pinned with its internals read-only; a `gitdir:` file read-only. */
function gitMounts(git: string, workspace: string, standIns: boolean): ProtectedMount[] {
	const found = resolve(git, workspace)
	if (found === undefined)
		return standIns && !present(git) ? [{ path: git, kind: "folder", mount: "missing" }] : []
	if (found.kind === "file") return [{ ...found, mount: "readOnly" }]
	const internals = gitInternals.flatMap(([name, internalKind, when]): ProtectedMount[] => {
		const target = path.join(found.path, name)
		const internal = resolve(target, workspace)
		if (internal !== undefined) return [{ ...internal, mount: "readOnly" }]
		return when === "always" && standIns && !present(target)
			? [{ path: target, kind: internalKind, mount: "missing" }]
			: []
	})
	return [{ ...found, mount: "pinned" }, ...internals]
}

/** Nested repositories (`.git` below the root) and `*.code-workspace` files, within walkLimits. */
function walkedMounts(workspace: string): ProtectedMount[] {
	const found: ProtectedMount[] = []
	let folders = [workspace]
	let visited = 0
	for (let depth = 0; depth <= walkLimits.depth && folders.length > 0; depth++) {
		const next: string[] = []
		for (const folder of folders) {
			if (++visited > walkLimits.folders) return found
			let entries: Dirent[]
			try {
				entries = readdirSync(folder, { withFileTypes: true })
			} catch {
				continue
			}
			for (const entry of entries) {
				const target = path.join(folder, entry.name)
				if (entry.name === ".git" && folder !== workspace)
					found.push(...gitMounts(target, workspace, false))
				else if (entry.isFile() && isWorkspaceFileName(entry.name))
					found.push({ path: target, kind: "file", mount: "readOnly" })
				if (
					entry.isDirectory() &&
					!notWalked.has(entry.name) &&
					!(depth === 0 && protectedFolders.includes(entry.name))
				)
					next.push(target)
			}
		}
		folders = next
	}
	return found
}

/**
 * Every path of `workspace` that workspace/protectedPaths.ts protects from the file tools, as
 * mounts for the sandbox: the protected names at its top, the repository's `.git` internals, and
 * those of nested repositories and workspace files found by a bounded walk.
 */
export function protectedMounts(workspace: string): ProtectedMount[] {
	return [
		...protectedFolders
			.filter((name) => name !== ".git")
			.flatMap((name) => protectedName(path.join(workspace, name), "folder", workspace)),
		...protectedFiles.flatMap((name) => protectedName(path.join(workspace, name), "file", workspace)),
		...gitMounts(path.join(workspace, ".git"), workspace, true),
		...walkedMounts(workspace),
	]
}
