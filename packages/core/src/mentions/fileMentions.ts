import { readdir } from "node:fs/promises"
import { formatBytes, inspectFile } from "../tools/support/textFile.js"
import { personCredentialStoreOf } from "../workspace/credentialStores.js"
import { cairnIgnoreFile, type CairnIgnore } from "../workspace/ignoreRules.js"
import { readRegularFile } from "../workspace/repositoryFile.js"
import { resolveWorkspacePath, type ResolvedPath } from "../workspace/workspacePaths.js"
import { capped, mentionBlock, mentionLimits, unresolvedBlock } from "./mentionBlock.js"

export interface WorkspaceAccess {
	workspaceRoot: string
	ignore: CairnIgnore
}

/** `@/src/a.ts` names `src/a.ts`: mentions are always relative to the workspace root. */
const relativeOf = (mentionPath: string) => mentionPath.replace(/^\/+/, "").replace(/\/+$/, "") || "."

type Located = { ok: true; path: ResolvedPath } | { ok: false; reason: string }

/** The one check every mentioned path passes: inside the workspace, symlinks followed, not ignored. */
async function locate(access: WorkspaceAccess, mentionPath: string, folder: boolean): Promise<Located> {
	const resolved = await resolveWorkspacePath(access.workspaceRoot, relativeOf(mentionPath))
	if (!resolved.ok) return { ok: false, reason: resolved.error }
	const { path } = resolved
	if (path.isOutsideWorkspace) return { ok: false, reason: "the path leads outside the workspace" }
	// A mention cannot ask: keys and tokens reach the model only through a tool a person approves.
	const store = personCredentialStoreOf(path.absolute)
	if (store !== undefined)
		return {
			ok: false,
			reason: `the path is in a credential store (${store}), which a mention never includes; ask for it to be read with read_file, which asks you first`,
		}
	const allowed = folder
		? access.ignore.isFolderAllowed(path.relative)
		: access.ignore.isAllowed(path.relative)
	if (!allowed) return { ok: false, reason: `the path is blocked by the ${cairnIgnoreFile} file` }
	return { ok: true, path }
}

/**
 * The first `maxBytes` of a file, decoded; a multibyte character cut at the end is dropped.
 * Opened as every repository file is: without blocking, judged on the descriptor.
 */
async function readHead(absolute: string, label: string, maxBytes: number): Promise<string> {
	const read = await readRegularFile(absolute, { maxBytes, shownAs: label })
	if (read.kind === "absent") throw new Error("the file was deleted while it was being read")
	if (read.kind === "skipped") throw new Error(read.reason)
	return read.text.replace(/\uFFFD$/, "")
}

/** A file's text, capped; what was left out is said at the end. */
async function fileText(absolute: string, label: string, size: number, maxChars: number): Promise<string> {
	// UTF-8 takes at most 4 bytes a character: this many bytes always hold maxChars characters.
	const head = await readHead(absolute, label, Math.min(size, maxChars * 4))
	if (head.length <= maxChars && size <= maxChars * 4) return head
	const shown = head.slice(0, maxChars)
	const shownBytes = Buffer.byteLength(shown)
	return `${shown}\n[… cut: the file is ${formatBytes(size)}; the last ${formatBytes(size - shownBytes)} are left out. Read the rest with read_file.]`
}

export async function fileMention(access: WorkspaceAccess, mentionPath: string): Promise<string> {
	const shown = relativeOf(mentionPath)
	const located = await locate(access, mentionPath, false)
	if (!located.ok) return unresolvedBlock("file_content", { path: shown }, located.reason)
	const attributes = { path: located.path.relative }
	const kind = await inspectFile(located.path.absolute).catch((error: Error) => error)
	if (kind instanceof Error) return unresolvedBlock("file_content", attributes, kind.message)
	switch (kind.kind) {
		case "missing":
			return unresolvedBlock("file_content", attributes, "there is no such file in the workspace")
		case "folder":
			return folderMention(access, mentionPath)
		case "binary":
			return unresolvedBlock(
				"file_content",
				attributes,
				`it is a binary file (${formatBytes(kind.size)})`,
			)
		case "special":
			return unresolvedBlock("file_content", attributes, `it ${kind.why}`)
		case "text": {
			const text = await fileText(
				located.path.absolute,
				shown,
				kind.size,
				mentionLimits.fileChars,
			).catch((error: Error) => error)
			if (text instanceof Error) return unresolvedBlock("file_content", attributes, text.message)
			return mentionBlock("file_content", attributes, text)
		}
	}
}

/** A folder: its top-level entries (folders end with "/") and the text of its small files. */
export async function folderMention(access: WorkspaceAccess, mentionPath: string): Promise<string> {
	const shown = relativeOf(mentionPath)
	const located = await locate(access, mentionPath, true)
	if (!located.ok) return unresolvedBlock("folder_content", { path: shown }, located.reason)
	const folder = located.path
	const attributes = { path: folder.relative }
	let dirents
	try {
		dirents = await readdir(folder.absolute, { withFileTypes: true })
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		const reason =
			code === "ENOENT"
				? "there is no such folder in the workspace"
				: code === "ENOTDIR"
					? "it is a file, not a folder (mention it without the trailing /)"
					: (error as Error).message
		return unresolvedBlock("folder_content", attributes, reason)
	}
	const inFolder = (name: string) => (folder.relative === "." ? name : `${folder.relative}/${name}`)
	const entries: { name: string; isFolder: boolean }[] = []
	let hidden = 0
	for (const dirent of dirents.sort((a, b) => a.name.localeCompare(b.name))) {
		if (dirent.name === ".git") continue
		const isFolder = dirent.isDirectory()
		const relative = inFolder(dirent.name)
		const allowed = isFolder ? access.ignore.isFolderAllowed(relative) : access.ignore.isAllowed(relative)
		if (allowed) entries.push({ name: dirent.name, isFolder })
		else hidden++
	}
	const listed = entries.slice(0, mentionLimits.folderEntries)
	const lines = listed.map((e) => (e.isFolder ? `${e.name}/` : e.name))
	if (entries.length > listed.length)
		lines.push(`[… ${entries.length - listed.length} more entries not listed]`)
	if (hidden > 0) lines.push(`[${hidden} entries hidden by ${cairnIgnoreFile}]`)
	if (lines.length === 0) lines.push("(empty folder)")

	const files: string[] = []
	let total = 0
	let overBudget = 0
	for (const entry of listed) {
		if (entry.isFolder) continue
		// Each file passes the same check: a symlink in the folder may lead out of the workspace.
		const file = await locate(access, inFolder(entry.name), false)
		if (!file.ok) continue
		const absolute = file.path.absolute
		const kind = await inspectFile(absolute).catch(() => undefined)
		if (kind?.kind !== "text" || kind.size > mentionLimits.folderFileChars) continue
		if (total + kind.size > mentionLimits.folderTotalChars) {
			overBudget++
			continue
		}
		const text = await fileText(
			absolute,
			inFolder(entry.name),
			kind.size,
			mentionLimits.folderFileChars,
		).catch(() => undefined)
		if (text === undefined) continue
		total += text.length
		files.push(mentionBlock("file_content", { path: inFolder(entry.name) }, text))
	}
	if (overBudget > 0)
		files.push(
			`[${overBudget} more small files are not included here: mention them one by one, or read them with read_file]`,
		)
	const body = [lines.join("\n"), ...files].join("\n\n")
	return mentionBlock("folder_content", attributes, capped(body, mentionLimits.folderTotalChars * 2))
}
