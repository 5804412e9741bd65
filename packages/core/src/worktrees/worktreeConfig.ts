import path from "node:path"
import { z } from "zod"
import { readRepositoryFile } from "../workspace/repositoryFile.js"

/** Where a repository says how its worktrees are set up, relative to its work tree's root. */
export const worktreeConfigFile = ".cairn/worktree.json"

const maxConfigBytes = 64_000

/** A path or glob inside the repository: relative, and never climbing out of it with "..". */
const repositoryPattern = z
	.string()
	.min(1)
	.max(500)
	.refine((pattern) => !path.posix.isAbsolute(pattern) && !path.win32.isAbsolute(pattern), {
		message: "must be relative to the repository's root",
	})
	.refine((pattern) => !pattern.split(/[\\/]/).includes(".."), { message: 'must not contain ".."' })
	.refine((pattern) => !pattern.split(/[\\/]/).includes(".git"), { message: "must not name .git" })

const command = z.string().trim().min(1, { message: "must be a non-empty command" }).max(4_000)

export const worktreeConfigSchema = z
	.object({
		/** Files copied from the main work tree into each new worktree (".env", "config/*.local.json"). */
		copy: z.array(repositoryPattern).max(200).default([]),
		/** Folders linked (not copied) from the main work tree ("node_modules"). */
		link: z.array(repositoryPattern).max(200).default([]),
		/** Run in each new worktree, once copied and linked. */
		setup: command.optional(),
		/** The repository's test command, for "run checks". */
		check: command.optional(),
	})
	.strict()
export type WorktreeConfig = z.infer<typeof worktreeConfigSchema>

export type WorktreeConfigRead =
	| { kind: "absent" }
	/** `message` names the file and every bad field. */
	| { kind: "invalid"; message: string }
	/** `content` is the file's text, which consent is given to. */
	| { kind: "ok"; config: WorktreeConfig; content: string }

/** Reads the repository's `.cairn/worktree.json` through the one reader of repository files. */
export async function readWorktreeConfig(top: string): Promise<WorktreeConfigRead> {
	const read = await readRepositoryFile(path.join(top, worktreeConfigFile), {
		root: top,
		rootName: "the repository",
		maxBytes: maxConfigBytes,
		shownAs: worktreeConfigFile,
	})
	if (read.kind === "absent") return read
	if (read.kind === "skipped") return { kind: "invalid", message: read.reason }
	if (read.truncated)
		return { kind: "invalid", message: `${worktreeConfigFile} is larger than ${maxConfigBytes} bytes` }
	return parseWorktreeConfig(read.text)
}

export function parseWorktreeConfig(content: string): WorktreeConfigRead {
	let value: unknown
	try {
		value = JSON.parse(content)
	} catch (error) {
		return {
			kind: "invalid",
			message: `${worktreeConfigFile} is not valid JSON: ${(error as Error).message}`,
		}
	}
	const parsed = worktreeConfigSchema.safeParse(value)
	if (parsed.success) return { kind: "ok", config: parsed.data, content }
	const problems = parsed.error.issues.map((issue) => {
		const where = issue.path
			.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
			.join("")
		return `${where.replace(/^\./, "") || "the file"}: ${issue.message}`
	})
	return { kind: "invalid", message: `${worktreeConfigFile} has bad fields: ${problems.join("; ")}` }
}
