import { z } from "zod"

/** One place `codebase_search` found: a workspace-relative file, its 1-based inclusive lines, and how close it is. */
export const codebaseSearchHitSchema = z.object({
	path: z.string(),
	startLine: z.number().int().positive(),
	endLine: z.number().int().positive(),
	/** Cosine similarity with the query, -1 to 1. */
	score: z.number(),
})
export type CodebaseSearchHit = z.infer<typeof codebaseSearchHitSchema>

/** The text of a `codebase_search_result` say row. */
export const codebaseSearchResultSchema = z.object({
	query: z.string(),
	/** The folder the search was limited to, when it was. */
	path: z.string().optional(),
	results: z.array(codebaseSearchHitSchema),
})
export type CodebaseSearchResult = z.infer<typeof codebaseSearchResultSchema>
