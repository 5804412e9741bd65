import path from "node:path"
import { z } from "zod"
import { writeFileAtomic } from "../fs/atomicWrite.js"
import { readJsonFile } from "./atomicFile.js"
import type { TaskProblem } from "./taskRecovery.js"

export const fileContextFileName = "file_context.json"

/**
 * Writes what the task knows of the files its model has in context (context/fileContext's
 * state), whole and atomically: it is small and changes at most once per turn. The store keeps
 * it as given; the task validates it when it reads it back. Compact, unlike the files a person
 * may read: it is rewritten at nearly every turn, with up to 100 files' hashes and stat records.
 */
export async function writeFileContext(taskDir: string, state: unknown): Promise<void> {
	await writeFileAtomic(path.join(taskDir, fileContextFileName), `${JSON.stringify(state)}\n`)
}

/**
 * The saved state, or undefined: none was saved (a task of an older version, or one whose model
 * read nothing), or the file is damaged, which is then a problem to report, not a reason to fail.
 */
export async function readFileContext(taskDir: string): Promise<{ state: unknown; problem?: TaskProblem }> {
	const file = path.join(taskDir, fileContextFileName)
	const read = await readJsonFile(file, z.unknown())
	if (read.ok) return { state: read.value }
	if (read.reason === "missing") return { state: undefined }
	return {
		state: undefined,
		problem: { file, error: `${read.error}; the files read before are forgotten` },
	}
}
