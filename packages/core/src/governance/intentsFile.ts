import path from "node:path"
import { safeParse } from "@cairn/types"
import { parse as parseYaml } from "yaml"
import { z } from "zod"
import { orchestrationFiles } from "./orchestrationFiles.js"
import { surelyAbsent } from "../fs/surelyAbsent.js"
import { readRepositoryFile, workspaceScope } from "../workspace/repositoryFile.js"

/** Far above any intents file a person writes; a larger one breaks governance (closed), not parsed in part. */
const maxIntentsFileBytes = 1 << 20

const textList = z.array(z.string().trim().min(1)).default([])

/** One intent of `.orchestration/active_intents.yaml`. Unknown keys (owners, dates) are allowed and ignored. */
export const intentSchema = z.object({
	id: z.string().trim().min(1),
	name: z.string().trim().min(1),
	status: z.string().trim().min(1),
	/** A longer specification than the name, when the team writes one. */
	description: z.string().trim().optional(),
	/** Globs (workspace-relative) of the files this intent may change. */
	owned_scope: textList,
	constraints: textList,
	acceptance_criteria: textList,
})
export type Intent = z.infer<typeof intentSchema>

/** The file is `active_intents: [...]`; a bare list is read as that list. */
const intentsFileSchema = z
	.preprocess(
		(file) => (Array.isArray(file) ? { active_intents: file } : file),
		z.object({ active_intents: z.array(intentSchema) }),
	)
	.transform((file) => file.active_intents)
	.superRefine((intents, issues) => {
		const seen = new Set<string>()
		for (const [index, intent] of intents.entries()) {
			if (seen.has(intent.id))
				issues.addIssue({
					code: "custom",
					path: ["active_intents", index, "id"],
					message: `duplicate id ${intent.id}`,
				})
			seen.add(intent.id)
		}
	})

/** The only status under which an intent can be worked on. */
export function isInProgress(intent: Intent): boolean {
	return intent.status.toUpperCase() === "IN_PROGRESS"
}

/** What the intents file says right now. `broken` must make governance fail closed. */
export type IntentsState =
	{ kind: "off" } | { kind: "broken"; problem: string } | { kind: "on"; intents: readonly Intent[] }

/** Reads and checks the intents file; never throws. */
export async function loadIntents(workspaceRoot: string): Promise<IntentsState> {
	const file = orchestrationFiles.intents
	// Asked several times a turn, and mostly there is no such file: a check that costs one system call.
	if (surelyAbsent(path.join(workspaceRoot, file))) return { kind: "off" }
	const read = await readRepositoryFile(path.join(workspaceRoot, file), {
		...workspaceScope(workspaceRoot),
		maxBytes: maxIntentsFileBytes,
		shownAs: file,
	})
	if (read.kind === "absent") return { kind: "off" }
	if (read.kind === "skipped") return { kind: "broken", problem: read.reason }
	if (read.truncated) return { kind: "broken", problem: `${file} is larger than 1 MB; it was not read` }
	const text = read.text
	let value: unknown
	try {
		value = parseYaml(text)
	} catch (error) {
		const message = (error as Error).message.split("\n")[0] ?? String(error)
		return { kind: "broken", problem: `${file} is not valid YAML: ${message}` }
	}
	if (value === null || value === undefined)
		return { kind: "broken", problem: `${file} is empty; it should list active_intents` }
	const parsed = safeParse(intentsFileSchema, value)
	if (!parsed.success)
		return { kind: "broken", problem: `${file} is not a valid intents file: ${parsed.error}` }
	return { kind: "on", intents: parsed.data }
}
