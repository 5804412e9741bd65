import { constants, lstatSync, readlinkSync, realpathSync, type Stats } from "node:fs"
import { open, readdir, realpath, type FileHandle } from "node:fs/promises"
import path from "node:path"
import { isInside } from "./workspacePaths.js"

/**
 * The one reader for files a repository supplies to Cairn or the model (AGENTS.md, rules,
 * commands, modes, MCP and hooks config, .cairnignore, mentioned files, code definitions). A
 * repository is data: its files may be links to a key outside it, FIFOs that never answer, or
 * devices and files of any size. So a file is read only when its real path stays inside `root`
 * (the workspace, or the person's own settings folder for their global files), it is a regular
 * file on the opened descriptor (opened without blocking), and only up to `maxBytes`.
 */
export type RepositoryFileRead =
	| { kind: "ok"; text: string; absolute: string; truncated: boolean }
	| { kind: "absent" }
	/** `reason` is one line, naming the file, for the person and (without any content) the model. */
	| { kind: "skipped"; reason: string }

/** Where a file's real path must stay: the workspace, or one of the person's own folders. */
export interface FileScope {
	root: string
	/** How `root` is named in a reason: "the workspace" unless said. */
	rootName?: string
}

export const workspaceScope = (workspaceRoot: string): FileScope => ({ root: workspaceRoot })

/** The person's own settings folder (Cairn's storage), for their global modes, commands and MCP servers. */
export const settingsScope = (folder: string): FileScope => ({
	root: folder,
	rootName: "Cairn's settings folder",
})

export interface RepositoryFileOptions extends FileScope {
	/** Past this many bytes the rest is not read (`truncated`). */
	maxBytes: number
	/** How the file is named in a reason; defaults to its path relative to `root`. */
	shownAs?: string
}

/** A file that was not read, for readers whose callers report failures as errors. */
export class UnreadFileError extends Error {}

// Neither exists on Windows, where there are no FIFOs to block on and links are followed by realpath.
const nonBlocking = constants.O_NONBLOCK ?? 0
const noFollow = constants.O_NOFOLLOW ?? 0

const goneCodes = new Set(["ENOENT", "ENOTDIR"])

export async function readRepositoryFile(
	file: string,
	options: RepositoryFileOptions,
): Promise<RepositoryFileRead> {
	const shown = options.shownAs ?? shownPath(options.root, file)
	const skipped = (why: string): RepositoryFileRead => ({
		kind: "skipped",
		reason: `${shown} ${why}; it was not read`,
	})
	// Synchronous realpath(3) and lstat, as workspacePaths.ts resolves: each takes microseconds, and
	// these files (.cairnignore and the other ignore files, rules) are looked for at every turn, most
	// of them absent: an lstat says so without the error a failed realpath builds.
	const root = realOrResolved(options.root)
	let real: string
	try {
		if (lstatSync(file, { throwIfNoEntry: false }) === undefined) return { kind: "absent" }
		real = realpathSync.native(file)
	} catch (error) {
		if (goneCodes.has((error as NodeJS.ErrnoException).code ?? "")) return { kind: "absent" }
		return skipped(`cannot be resolved (${(error as Error).message})`)
	}
	const outside = outsideWhy(options.root, file, options.rootName)
	if (!isInside(root, real)) return skipped(outside)
	const opened = await openRegularFile(real)
	if (opened.kind !== "ok") return opened.kind === "absent" ? opened : skipped(opened.why)
	const { handle } = opened
	try {
		// A folder on the way swapped for a link since realpath: the descriptor says where it really is.
		const where = openedPath(handle.fd)
		if (where !== undefined && !isInside(root, where)) return skipped(outside)
		return { kind: "ok", absolute: real, ...(await readCapped(handle, options.maxBytes)) }
	} catch (error) {
		return skipped(`cannot be read (${(error as Error).message})`)
	} finally {
		await handle.close()
	}
}

function realOrResolved(folder: string): string {
	try {
		return realpathSync.native(folder)
	} catch {
		return path.resolve(folder)
	}
}

/**
 * Reads a file whose place a tool's path check already judged (approved or inside the
 * workspace): only the rest of the rule, a regular file opened without blocking, capped.
 */
export async function readRegularFile(
	absolute: string,
	options: { maxBytes: number; shownAs: string },
): Promise<RepositoryFileRead> {
	const opened = await openRegularFile(absolute)
	if (opened.kind === "absent") return opened
	if (opened.kind === "skipped")
		return { kind: "skipped", reason: `${options.shownAs} ${opened.why}; it was not read` }
	try {
		return { kind: "ok", absolute, ...(await readCapped(opened.handle, options.maxBytes)) }
	} catch (error) {
		return { kind: "skipped", reason: `${options.shownAs} cannot be read (${(error as Error).message})` }
	} finally {
		await opened.handle.close()
	}
}

export type OpenedFile =
	| { kind: "ok"; handle: FileHandle; info: Stats }
	| { kind: "absent" }
	/** `why` completes "<the file> …": "is a FIFO (named pipe), not a regular file". */
	| { kind: "skipped"; why: string }

/**
 * Opens `absolute` (a real path) for reading without blocking (a FIFO would wait for a writer
 * forever) and without following a link put in its place, and keeps it open only when the
 * descriptor is a regular file. The caller closes the handle.
 */
export async function openRegularFile(absolute: string): Promise<OpenedFile> {
	let handle: FileHandle
	try {
		handle = await open(absolute, constants.O_RDONLY | nonBlocking | noFollow)
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code ?? ""
		if (goneCodes.has(code)) return { kind: "absent" }
		if (code === "ELOOP")
			return { kind: "skipped", why: "was replaced by a link while it was being opened" }
		return { kind: "skipped", why: `cannot be opened (${(error as Error).message})` }
	}
	try {
		const info = await handle.stat()
		if (info.isFile()) return { kind: "ok", handle, info }
		await handle.close()
		return { kind: "skipped", why: `is ${kindOf(info)}, not a regular file` }
	} catch (error) {
		await handle.close()
		return { kind: "skipped", why: `cannot be read (${(error as Error).message})` }
	}
}

/** At most `maxBytes` of an opened file, decoded; `truncated` when there was more. */
export async function readCapped(
	handle: FileHandle,
	maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
	// One byte past the cap tells a file of exactly maxBytes from a longer one.
	const buffer = Buffer.alloc(maxBytes + 1)
	let length = 0
	while (length < buffer.length) {
		const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length)
		if (bytesRead === 0) break
		length += bytesRead
	}
	return { text: buffer.toString("utf8", 0, Math.min(length, maxBytes)), truncated: length > maxBytes }
}

/**
 * The entries of `folder` (sorted), its subfolders apart, when the folder's real path stays inside `root`; a folder
 * that is a link leading out is `skipped` like a file. Each entry still goes through
 * readRepositoryFile, which judges it on its own.
 */
export async function listRepositoryFolder(
	folder: string,
	options: Omit<RepositoryFileOptions, "maxBytes">,
): Promise<
	| { kind: "ok"; names: string[]; folders: string[] }
	| { kind: "absent" }
	| { kind: "skipped"; reason: string }
> {
	const shown = options.shownAs ?? shownPath(options.root, folder)
	const root = await realpath(options.root).catch(() => path.resolve(options.root))
	let real: string
	try {
		real = await realpath(folder)
	} catch (error) {
		if (goneCodes.has((error as NodeJS.ErrnoException).code ?? "")) return { kind: "absent" }
		return { kind: "skipped", reason: `${shown} cannot be resolved; it was not read` }
	}
	if (!isInside(root, real))
		return {
			kind: "skipped",
			reason: `${shown} ${outsideWhy(options.root, folder, options.rootName, "folder")}; it was not read`,
		}
	try {
		const entries = await readdir(real, { withFileTypes: true })
		const named = (folders: boolean) =>
			entries
				.filter((entry) => entry.isDirectory() === folders)
				.map((entry) => entry.name)
				.sort()
		return { kind: "ok", names: named(false), folders: named(true) }
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOTDIR") return { kind: "absent" }
		return { kind: "skipped", reason: `${shown} cannot be listed (${(error as Error).message})` }
	}
}

function shownPath(root: string, file: string): string {
	const relative = path.relative(root, file)
	return relative === "" || relative.startsWith("..") || path.isAbsolute(relative)
		? file
		: relative.split(path.sep).join("/")
}

function outsideWhy(givenRoot: string, file: string, rootName = "the workspace", noun = "file"): string {
	// The path as given sits inside: only a link can lead out.
	return isInside(path.resolve(givenRoot), path.resolve(file))
		? `is a link to a ${noun} outside ${rootName}`
		: `is outside ${rootName}`
}

function kindOf(info: Stats): string {
	if (info.isDirectory()) return "a folder"
	if (info.isFIFO()) return "a FIFO (named pipe)"
	if (info.isSocket()) return "a socket"
	if (info.isCharacterDevice() || info.isBlockDevice()) return "a device"
	return "not a file"
}

/** Where the descriptor really is, where the system says (Linux's /proc); undefined elsewhere. */
function openedPath(fd: number): string | undefined {
	try {
		return readlinkSync(`/proc/self/fd/${fd}`)
	} catch {
		return undefined
	}
}
