import { skillNamePattern } from "@cairn/types"
import { readYamlFrontMatter } from "./yamlFrontMatter.js"

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
	const read = readYamlFrontMatter(text, "a `---` block naming the skill")
	if ("problem" in read) return read
	const { name, description } = read.fields
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
		body: read.body,
	}
}
