import path from "node:path"
import type { CustomMode } from "@cairn/types"
import { surelyAbsent } from "../../fs/surelyAbsent.js"
import { listRepositoryFolder, readRepositoryFile, workspaceScope } from "../../workspace/repositoryFile.js"
import { parseSubagentFile } from "./subagentFile.js"

const maxSubagentFileBytes = 50_000
/** Cairn's own folder first: where both define a name, `.cairn/agents` wins. */
const subagentFolders = [".cairn/agents", ".claude/agents"]

export interface SubagentModes {
	modes: CustomMode[]
	/** One line per file left out, naming it and why. */
	skipped: string[]
}

/**
 * The workspace's subagent definitions as modes a new_task can target. Repository data, read as
 * rules are: regular `.md` files whose real path stays in the workspace, size-capped; a file that
 * does not follow the format, or takes a built-in mode's name (`reserved`), is left out and said.
 */
export async function readSubagentModes(
	workspaceRoot: string,
	reserved: (slug: string) => boolean,
): Promise<SubagentModes> {
	const found: SubagentModes = { modes: [], skipped: [] }
	const scope = workspaceScope(workspaceRoot)
	for (const relative of subagentFolders) {
		const folder = path.join(workspaceRoot, relative)
		if (surelyAbsent(folder)) continue
		const listing = await listRepositoryFolder(folder, { ...scope, shownAs: relative })
		if (listing.kind === "skipped") found.skipped.push(listing.reason)
		if (listing.kind !== "ok") continue
		for (const name of listing.names.filter((file) => file.endsWith(".md"))) {
			const shownAs = `${relative}/${name}`
			const read = await readRepositoryFile(path.join(folder, name), {
				...scope,
				maxBytes: maxSubagentFileBytes,
				shownAs,
			})
			if (read.kind === "skipped") found.skipped.push(read.reason)
			if (read.kind !== "ok") continue
			if (read.truncated) {
				found.skipped.push(`${shownAs} is larger than ${maxSubagentFileBytes} bytes; it was not read`)
				continue
			}
			const mode = parseSubagentFile(read.text)
			if ("problem" in mode) found.skipped.push(`${shownAs} ${mode.problem}; the subagent was left out`)
			else if (reserved(mode.slug))
				found.skipped.push(
					`${shownAs} takes the built-in mode ${mode.slug}'s name; the subagent was left out`,
				)
			else if (!found.modes.some((other) => other.slug === mode.slug)) found.modes.push(mode)
		}
	}
	return found
}
