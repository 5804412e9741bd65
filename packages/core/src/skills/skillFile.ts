import { skillNamePattern } from "@cairn/types"
import YAML from "yaml"

/** The Agent Skills format's limits: a description says what the skill does and when to use it. */
const maxNameLength = 64
const maxDescriptionLength = 1024

/** What a SKILL.md says: the two fields the prompt lists, and the body the model loads on demand. */
export interface SkillFile {
	name: string
	description: string
	body: string
}

/**
 * Reads a SKILL.md: YAML front matter between `---` lines with `name` and `description`, then the
 * body. Other fields the format allows (license, compatibility, metadata, allowed-tools) are
 * accepted and not used: Cairn's approvals decide what a skill's commands may do, not the file.
 * `problem` completes "<folder>/SKILL.md …" for the person; the model never sees the file's text
 * when it is refused.
 */
export function parseSkillFile(text: string, folderName: string): SkillFile | { problem: string } {
	const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
	if (lines[0]?.trim() !== "---") return { problem: "has no front matter (a `---` block naming the skill)" }
	const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---")
	if (end === -1) return { problem: "has front matter that is never closed with `---`" }
	let fields: unknown
	try {
		const document = YAML.parseDocument(lines.slice(1, end).join("\n"), { uniqueKeys: true })
		if (document.errors.length > 0)
			return {
				problem: `has front matter that is not YAML (${document.errors[0]?.message.split("\n")[0]})`,
			}
		// Aliases are capped: a few lines must not expand into gigabytes.
		fields = document.toJS({ maxAliasCount: 20 })
	} catch (error) {
		return { problem: `has front matter that cannot be used (${(error as Error).message})` }
	}
	if (fields === null || typeof fields !== "object" || Array.isArray(fields))
		return { problem: "has front matter that is not a list of fields" }
	const { name, description } = fields as Record<string, unknown>
	if (typeof name !== "string" || name.length > maxNameLength || !skillNamePattern.test(name))
		return {
			problem: `has no valid name (lowercase letters, digits and single hyphens, at most ${maxNameLength} characters)`,
		}
	if (name !== folderName)
		return { problem: `names the skill "${name}", not its folder's name "${folderName}"` }
	if (typeof description !== "string" || description.trim() === "") return { problem: "has no description" }
	if (description.length > maxDescriptionLength)
		return { problem: `has a description longer than ${maxDescriptionLength} characters` }
	return {
		name,
		description: description.trim(),
		body: lines
			.slice(end + 1)
			.join("\n")
			.trim(),
	}
}
