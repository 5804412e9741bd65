import path from "node:path"
import { surelyAbsent } from "../fs/surelyAbsent.js"
import { listRepositoryFolder, readRepositoryFile } from "../workspace/repositoryFile.js"

const maxRuleBytes = 50_000

/** A slug that can name a folder: anything else (an old setting, a hostile client) has no rules folder. */
const folderSafeSlug = /^[a-z0-9]+(-[a-z0-9]+)*$/

export interface WorkspaceRules {
	rules: { source: string; text: string }[]
	/** One line per rules file or folder that was not read (a link out, a FIFO...), for the person. */
	skipped: string[]
}

/**
 * AGENTS.md, the files of .cairn/rules/ and then those of the mode's .cairn/rules-<mode>/, each
 * folder in name order and each file capped so a huge one cannot flood the prompt. Read at every
 * request, and mostly none of them exists: an absent one costs a stat, not a failed read. The
 * repository wrote them, so each goes through the repository file reader: a file that is not
 * read leaves the model a note in its place, never its content.
 */
export async function loadWorkspaceRules(workspaceRoot: string, mode?: string): Promise<WorkspaceRules> {
	const loaded: WorkspaceRules = { rules: [], skipped: [] }
	const skip = (source: string, reason: string) => {
		loaded.skipped.push(reason)
		loaded.rules.push({ source, text: `(Cairn did not read this file: ${reason}.)` })
	}
	const add = async (relative: string) => {
		const file = path.join(workspaceRoot, relative)
		if (surelyAbsent(file)) return
		const read = await readRepositoryFile(file, {
			root: workspaceRoot,
			maxBytes: maxRuleBytes,
			shownAs: relative.split(path.sep).join("/"),
		})
		if (read.kind === "skipped") skip(relative, read.reason)
		else if (read.kind === "ok" && read.text.trim() !== "")
			loaded.rules.push({ source: relative, text: read.text })
	}
	await add("AGENTS.md")
	const folders = ["rules", ...(mode !== undefined && folderSafeSlug.test(mode) ? [`rules-${mode}`] : [])]
	for (const folder of folders) {
		const relative = `.cairn/${folder}`
		const folderPath = path.join(workspaceRoot, ".cairn", folder)
		if (surelyAbsent(folderPath)) continue
		const listing = await listRepositoryFolder(folderPath, { root: workspaceRoot, shownAs: relative })
		if (listing.kind === "skipped") skip(relative, listing.reason)
		if (listing.kind !== "ok") continue
		for (const file of listing.names) await add(path.join(".cairn", folder, file))
	}
	return loaded
}
