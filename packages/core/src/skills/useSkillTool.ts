import { z } from "zod"
import { toolError } from "../tools/support/toolResults.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import { enabledSkill, findSkills } from "./findSkills.js"
import { listSkillFiles } from "./skillFiles.js"

const params = z.object({
	name: z.string().trim().min(1).describe("The skill's name, as the SKILLS section lists it."),
})
export type UseSkillParams = z.infer<typeof params>

/**
 * Loads a skill's instructions when the model needs them: its SKILL.md body and the files beside
 * it. It reads and runs nothing else: the model reads those files with read_file and runs a
 * script with execute_command, each under the usual path checks and approvals.
 */
export const useSkillTool: ToolDefinition<UseSkillParams> = {
	name: "use_skill",
	description:
		"Load a skill listed in the SKILLS section: returns its instructions and the files in its folder (scripts, references), which you read with read_file and run with execute_command. Load a skill before the work it describes.",
	params,
	async execute({ name }, context) {
		const found = await findSkills({
			workspaceRoot: context.host.workspaceRoot,
			storageDir: context.host.storageDir,
			disabled: context.settings.disabledSkills,
			ignore: context.ignore,
		})
		const skill = enabledSkill(found, name)
		if (skill === undefined) {
			const names = found.skills.filter((other) => other.enabled).map((other) => other.name)
			return toolError(
				`There is no skill named "${name}" to use. ${names.length === 0 ? "No skills are available." : `The skills available: ${names.join(", ")}.`}`,
			)
		}
		const { files, partial } = await listSkillFiles(skill, context.ignore)
		const content = [
			`Skill "${skill.name}", from ${skill.folder}:`,
			"",
			skill.body === ""
				? "(The skill's SKILL.md has no instructions beyond its description.)"
				: skill.body,
			...(files.length === 0
				? []
				: [
						"",
						`Files in the skill's folder (paths as read_file takes them; run a script from the workspace with execute_command)${partial ? ", in part: the folder holds more" : ""}:`,
						...files.map((file) => `- ${file}`),
					]),
		].join("\n")
		context.showToolRow?.({ tool: "useSkill", name: skill.name, folder: skill.folder, content })
		return { content }
	},
}
