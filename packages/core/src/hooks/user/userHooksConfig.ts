import path from "node:path"
import { safeParse, userHooksSchema, type UserHooks } from "@cairn/types"
import { z } from "zod"
import { surelyAbsent } from "../../fs/surelyAbsent.js"
import { readRepositoryFile, workspaceScope } from "../../workspace/repositoryFile.js"
import { hookMatcherProblem } from "./hookMatcher.js"

export const userHooksFile = ".cairn/hooks.json"

/** Far above any hooks file a person writes; a larger one is a problem, not parsed in part. */
const maxHooksFileBytes = 1 << 20

const hooksFileSchema = z.object({ hooks: userHooksSchema }).strict()

export type UserHooksConfig =
	| {
			ok: true
			fromSettings: UserHooks
			/** The workspace's hooks and the file's text: the repository's code, which needs consent. */
			fromFile?: { hooks: UserHooks; content: string }
	  }
	| { ok: false; problem: string }

/**
 * The user hooks for this workspace: those of the settings, and those of `.cairn/hooks.json`.
 * Read at every call, so an edit applies to the next tool; a broken file is reported, not skipped.
 */
export async function loadUserHooks(
	workspaceRoot: string,
	fromSettings: UserHooks,
): Promise<UserHooksConfig> {
	const file = path.join(workspaceRoot, userHooksFile)
	// Asked at every tool call, and mostly there is no such file: a check that costs one system call.
	if (surelyAbsent(file)) return { ok: true, fromSettings }
	const read = await readRepositoryFile(file, {
		...workspaceScope(workspaceRoot),
		maxBytes: maxHooksFileBytes,
	})
	if (read.kind === "absent") return { ok: true, fromSettings }
	if (read.kind === "skipped") return { ok: false, problem: read.reason }
	if (read.truncated) return { ok: false, problem: `${userHooksFile} is larger than 1 MB; it was not read` }
	const text = read.text
	let value: unknown
	try {
		value = JSON.parse(text)
	} catch (error) {
		return { ok: false, problem: `${userHooksFile} is not valid JSON: ${(error as Error).message}` }
	}
	const parsed = safeParse(hooksFileSchema, value)
	if (!parsed.success) return { ok: false, problem: `${userHooksFile} is not valid: ${parsed.error}` }
	const unrunnable = hookMatcherProblem(parsed.data.hooks)
	if (unrunnable !== undefined) return { ok: false, problem: `${userHooksFile}: hooks.${unrunnable}` }
	// The sandbox is what contains a repository's hooks once agreed to; the repository cannot lift it.
	const unsandboxed = [...parsed.data.hooks.PreToolUse, ...parsed.data.hooks.PostToolUse]
		.flatMap((group) => group.hooks)
		.find((hook) => hook.sandbox !== undefined)
	if (unsandboxed !== undefined)
		return {
			ok: false,
			problem:
				`${userHooksFile} is not valid: "sandbox" is set on the hook "${unsandboxed.command}", ` +
				"and only your own settings can take a hook out of the sandbox",
		}
	return { ok: true, fromSettings, fromFile: { hooks: parsed.data.hooks, content: text } }
}
