import { safeParse } from "@cairn/types"
import { z } from "zod"

const signatureSchema = z.object({
	size: z.number(),
	mtimeMs: z.number(),
	ctimeMs: z.number(),
	ino: z.number(),
})

/** Workspace-relative with "/" separators, never leaving the workspace. */
const relativePathSchema = z
	.string()
	.min(1)
	.refine((p) => p !== ".." && !p.startsWith("../") && !p.startsWith("/") && !/^[A-Za-z]:/.test(p), {
		message: "not a path inside the workspace",
	})

/**
 * The files the model has in context, as saved with the task so that a resumed task (after a
 * restart or a crash) still knows them and can report what changed while it was not running.
 */
export const fileContextStateSchema = z.object({
	version: z.literal(1),
	/** Least recently seen first. */
	files: z.array(
		z.object({
			path: relativePathSchema,
			hash: z.string().min(1),
			/** Present once a check found that it vouches for the content (see signatureVouchesForContent). */
			signature: signatureSchema.optional(),
		}),
	),
})
export type FileContextState = z.infer<typeof fileContextStateSchema>
export type SavedFile = FileContextState["files"][number]

/**
 * The files of a saved state. Anything unreadable (an older or damaged file) gives none: the
 * task then only tracks the files the model reads from now on, which is safe, just less helpful.
 */
export function savedFiles(saved: unknown): SavedFile[] {
	if (saved === undefined) return []
	const parsed = safeParse(fileContextStateSchema, saved)
	return parsed.success ? parsed.data.files : []
}
