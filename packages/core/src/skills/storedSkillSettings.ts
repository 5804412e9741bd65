import { cairnSettingsSchema } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import { FileStateStore } from "../host/node/fileStateStore.js"

/**
 * The skills the person turned off, as their stored settings say, for a command that lists skills
 * without starting the agent (`cairn skills list`). A setting that does not validate turns none off,
 * as the settings store falls back to the default.
 */
export async function storedDisabledSkills(storageDir: string, logger: Logger): Promise<string[]> {
	const stored = await new FileStateStore(storageDir, logger).get("settings")
	const value =
		stored !== null && typeof stored === "object"
			? (stored as { disabledSkills?: unknown }).disabledSkills
			: undefined
	const parsed = cairnSettingsSchema.shape.disabledSkills.safeParse(value)
	return parsed.success ? parsed.data : []
}
