import { findSkills, skillSummary } from "../skills/findSkills.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import type { Handler } from "./handlerContext.js"

/** The Skills view: every skill of the workspace and the person, as the folders hold them now. */
export const skillHandlers: { requestSkills: Handler<"requestSkills"> } = {
	requestSkills: async (context, _message, reply) => {
		const { workspaceRoot, storageDir } = context.host
		const found = await findSkills({
			workspaceRoot,
			storageDir,
			disabled: context.settingsStore.settings.disabledSkills,
			ignore: await CairnIgnore.load(workspaceRoot),
		})
		reply({
			type: "skills",
			skills: found.skills.map(skillSummary),
			skipped: found.skipped,
		})
	},
}
