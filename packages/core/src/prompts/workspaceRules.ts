import { readdir, readFile } from "node:fs/promises"
import path from "node:path"

const maxRuleBytes = 50_000

/** AGENTS.md and the files of .cairn/rules/, in name order, each capped so a huge file cannot flood the prompt. */
export async function loadWorkspaceRules(workspaceRoot: string): Promise<{ source: string; text: string }[]> {
	const rules: { source: string; text: string }[] = []
	const add = async (relative: string) => {
		try {
			const text = await readFile(path.join(workspaceRoot, relative), "utf8")
			if (text.trim() !== "") rules.push({ source: relative, text: text.slice(0, maxRuleBytes) })
		} catch {
			// An absent or unreadable rules file simply adds no rules.
		}
	}
	await add("AGENTS.md")
	let ruleFiles: string[]
	try {
		ruleFiles = (await readdir(path.join(workspaceRoot, ".cairn", "rules"))).sort()
	} catch {
		ruleFiles = []
	}
	for (const file of ruleFiles) await add(path.join(".cairn", "rules", file))
	return rules
}
