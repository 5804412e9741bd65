import type { FoundSkill } from "./findSkills.js"

/**
 * The system prompt's list of skills: each enabled skill's name and description only, so a
 * workspace with many skills costs a line each; the model loads one's instructions with use_skill.
 */
export function skillsPromptSection(skills: readonly FoundSkill[]): string | undefined {
	const enabled = skills.filter((skill) => skill.enabled)
	if (enabled.length === 0) return undefined
	return [
		"Skills are instructions (and scripts or references beside them) for particular kinds of work. When the task matches a skill's description, call use_skill with its name before starting that work, then follow what it says. Run a skill's scripts with execute_command, as any command.",
		"",
		...enabled.map((skill) => `- ${skill.name}: ${oneLine(skill.description)}`),
	].join("\n")
}

function oneLine(text: string): string {
	return text.replace(/\s+/g, " ").trim()
}
