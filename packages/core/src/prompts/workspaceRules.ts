import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { surelyAbsent } from "../fs/surelyAbsent.js"

const maxRuleBytes = 50_000

/** A slug that can name a folder: anything else (an old setting, a hostile client) has no rules folder. */
const folderSafeSlug = /^[a-z0-9]+(-[a-z0-9]+)*$/

/**
 * AGENTS.md, the files of .cairn/rules/ and then those of the mode's .cairn/rules-<mode>/, each
 * folder in name order and each file capped so a huge one cannot flood the prompt. Read at every
 * request, and mostly none of them exists: an absent one costs a stat, not a failed read.
 */
export async function loadWorkspaceRules(
	workspaceRoot: string,
	mode?: string,
): Promise<{ source: string; text: string }[]> {
	const rules: { source: string; text: string }[] = []
	const add = async (relative: string) => {
		if (surelyAbsent(path.join(workspaceRoot, relative))) return
		try {
			const text = await readFile(path.join(workspaceRoot, relative), "utf8")
			if (text.trim() !== "") rules.push({ source: relative, text: text.slice(0, maxRuleBytes) })
		} catch {
			// An absent or unreadable rules file simply adds no rules.
		}
	}
	await add("AGENTS.md")
	const folders = ["rules", ...(mode !== undefined && folderSafeSlug.test(mode) ? [`rules-${mode}`] : [])]
	for (const folder of folders) {
		const folderPath = path.join(workspaceRoot, ".cairn", folder)
		if (surelyAbsent(folderPath)) continue
		let ruleFiles: string[]
		try {
			ruleFiles = (await readdir(folderPath)).sort()
		} catch {
			ruleFiles = []
		}
		for (const file of ruleFiles) await add(path.join(".cairn", folder, file))
	}
	return rules
}
