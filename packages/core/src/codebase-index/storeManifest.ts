import { z } from "zod"

export const storeFormatVersion = 1

const chunkEntrySchema = z.object({
	startLine: z.number().int().positive(),
	endLine: z.number().int().positive(),
	/** Where the chunk's vector sits in the vectors file. */
	slot: z.number().int().nonnegative(),
})
export type ChunkEntry = z.infer<typeof chunkEntrySchema>

const fileEntrySchema = z.object({
	/** sha256 of the content the chunks were cut from: an unchanged file is not embedded again. */
	hash: z.string().min(1),
	/** Size and modification time when hashed: while both stay the same the file is not read again. */
	size: z.number().int().nonnegative(),
	mtimeMs: z.number().nonnegative(),
	chunks: z.array(chunkEntrySchema),
})
export type FileEntry = z.infer<typeof fileEntrySchema>

/**
 * The index's table of contents and the only thing trusted after a crash: vectors are written
 * before it, so a slot past `slots` (or one no file names) is leftover and ignored.
 */
export const storeManifestSchema = z.object({
	version: z.literal(storeFormatVersion),
	/** The embedder identity the vectors came from (see Embedder.identity). */
	identity: z.string(),
	dimensions: z.number().int().positive(),
	/** The vectors file, renamed on each compaction so the old one stays valid until the switch. */
	vectorsFile: z.string().regex(/^vectors-\d+\.f32$/),
	slots: z.number().int().nonnegative(),
	/** Workspace-relative paths with "/" separators. */
	files: z.record(z.string(), fileEntrySchema),
})
export type StoreManifest = z.infer<typeof storeManifestSchema>
