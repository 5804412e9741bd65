import { CairnIgnore, findSkills, jsonLine, skillSummary, storedDisabledSkills } from "@cairn/core"
import type { SkillSummary } from "@cairn/types"
import stringWidth from "string-width"
import type { RunOptions } from "../cli/runOptions.js"
import { commandLogger } from "../host/cliLogger.js"
import { t } from "../i18n/cliI18n.js"
import { padCell } from "../output/table.js"

export interface SkillsListing {
	skills: SkillSummary[]
	/** The skill folders or files left out, and why. */
	skipped: string[]
}

function state(skill: SkillSummary, all: readonly SkillSummary[]): string | undefined {
	if (skill.shadowedBy !== undefined) {
		const used = all.find((other) => other.name === skill.name && other.source === skill.shadowedBy)
		return t("skills.shadowed", { folder: used?.folder ?? skill.shadowedBy })
	}
	return skill.enabled ? undefined : t("skills.turnedOff")
}

/** The skills as a table (name, description, folder and why one is not used), or one JSON line. */
export function formatSkillsList(listing: SkillsListing, format: RunOptions["outputFormat"]): string {
	if (format !== "text") return jsonLine(listing)
	const width = Math.max(0, ...listing.skills.map((skill) => stringWidth(skill.name)))
	const lines = listing.skills.map((skill) => {
		const where = [skill.folder, state(skill, listing.skills)].filter((part) => part !== undefined)
		return [
			padCell(skill.name, width),
			skill.description.replace(/\s+/g, " "),
			`(${where.join(", ")})`,
		].join("  ")
	})
	if (lines.length === 0) lines.push(t("skills.none"))
	for (const problem of listing.skipped) lines.push(t("skills.leftOut", { problem }))
	return `${lines.join("\n")}\n`
}

/** `cairn skills list`: the Agent Skills of this workspace and the person's own, as a task would see them. */
export async function listSkills(options: RunOptions, write: (text: string) => void): Promise<number> {
	const logger = commandLogger(options)
	const found = await findSkills({
		workspaceRoot: options.workspace,
		storageDir: options.cairnHome,
		disabled: await storedDisabledSkills(options.cairnHome, logger),
		ignore: await CairnIgnore.load(options.workspace),
	})
	write(
		formatSkillsList(
			{ skills: found.skills.map(skillSummary), skipped: found.skipped },
			options.outputFormat,
		),
	)
	return 0
}
