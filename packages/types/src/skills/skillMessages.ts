import { z } from "zod"
import { skillSummarySchema } from "./skill.js"

/** Client -> host: the Skills view asks for the skills as the folders hold them now. */
export const skillRequestSchemas = [z.object({ type: z.literal("requestSkills") })] as const

/** Host -> client: every skill found (enabled or not) and the folders or files that were not read, and why. */
export const skillAnswerSchemas = [
	z.object({
		type: z.literal("skills"),
		skills: z.array(skillSummarySchema),
		skipped: z.array(z.string()),
	}),
] as const
