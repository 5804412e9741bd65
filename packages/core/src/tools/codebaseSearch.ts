import nodePath from "node:path"
import type { CodebaseSearchHit } from "@cairn/types"
import { z } from "zod"
import { gatePath } from "../approval/pathGate.js"
import { readRepositoryFile, workspaceScope } from "../workspace/repositoryFile.js"
import type { ToolContext, ToolDefinition } from "./toolDefinition.js"
import { toolError, withFeedback } from "./support/toolResults.js"

/** Lines of one result shown to the model; the rest it can read with read_file. */
const maxShownLines = 60
/** The indexer reads files up to a few MB; past this an excerpt is not looked for. */
const maxExcerptFileBytes = 8 << 20

const params = z.object({
	query: z
		.string()
		.trim()
		.min(1)
		.describe(
			'What to look for, in natural language: the concept, behaviour or purpose, e.g. "where invoices get their discount".',
		),
	path: z
		.string()
		.min(1)
		.optional()
		.describe(
			'A workspace folder to limit the search to, e.g. "src/billing"; the whole workspace when omitted.',
		),
})
export type CodebaseSearchParams = z.infer<typeof params>

/** The result's lines as the file has them now; the index may be a moment behind an edit. */
async function excerpt(context: ToolContext, hit: CodebaseSearchHit): Promise<string> {
	const read = await readRepositoryFile(nodePath.join(context.host.workspaceRoot, hit.path), {
		...workspaceScope(context.host.workspaceRoot),
		maxBytes: maxExcerptFileBytes,
		shownAs: hit.path,
	})
	if (read.kind === "absent") return "(the file is gone since it was indexed)"
	if (read.kind === "skipped") return `(${read.reason})`
	const text = read.text
	const lines = text.split(/\r?\n/).slice(hit.startLine - 1, hit.endLine)
	const shown = lines.slice(0, maxShownLines)
	const more = lines.length - shown.length
	return more > 0 ? `${shown.join("\n")}\n… ${more} more lines` : shown.join("\n")
}

export const codebaseSearchTool: ToolDefinition<CodebaseSearchParams> = {
	name: "codebase_search",
	description: [
		"Find code by meaning rather than exact text: searches the workspace's semantic index and returns the most relevant chunks with their file, line range and similarity score.",
		"Use it first when exploring code you do not know yet or when you cannot guess the identifiers; use search_files for exact names or patterns. Reuse the user's wording in the query.",
		'Example: {"query": "retry a failed request with backoff", "path": "src/net"}',
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.query !== "string" || partial.query === "") return undefined
		const path = typeof partial.path === "string" ? partial.path : undefined
		return { ask: "tool", row: { tool: "codebaseSearch", query: partial.query, ...(path && { path }) } }
	},
	async execute(p, context) {
		const index = context.codebaseSearch
		if (index === undefined || !index.isReady())
			return toolError("The codebase index is not available. Use search_files or list_files instead.")
		const target = await gatePath(context, p.path ?? ".", {
			access: "search",
			row: (path) => ({
				tool: "codebaseSearch",
				query: p.query,
				...(p.path !== undefined && { path: path.relative }),
			}),
		})
		if (!target.ok) return target.result
		if (target.path.isOutsideWorkspace)
			return toolError(
				"codebase_search only covers the workspace; use search_files for folders outside it.",
			)
		const folder = target.path.relative === "." ? undefined : target.path.relative

		const { settings } = context
		let hits: CodebaseSearchHit[]
		try {
			hits = await index.search(p.query, {
				limit: settings.codebaseIndex.maxResults,
				minScore: settings.codebaseIndex.minScore,
				signal: context.signal,
				...(folder !== undefined && { folder }),
			})
		} catch (error) {
			return toolError(`The search failed: ${(error as Error).message}. Use search_files instead.`)
		}
		// The index was built under the ignore rules of its time; today's rules decide what is shown.
		hits = hits.filter((hit) => context.ignore.isAllowed(hit.path))
		context.showSearchResults?.({
			query: p.query,
			...(folder !== undefined && { path: folder }),
			results: hits,
		})
		if (hits.length === 0)
			return withFeedback(
				`No indexed code matches ${JSON.stringify(p.query)}${folder ? ` in ${folder}` : ""}. Try other words, or search_files for exact text.`,
				target.feedback,
			)
		const sections = await Promise.all(
			hits.map(
				async (hit) =>
					`# ${hit.path}:${hit.startLine}-${hit.endLine} (score ${hit.score.toFixed(3)})\n${await excerpt(context, hit)}`,
			),
		)
		const head = `${hits.length} ${hits.length === 1 ? "result" : "results"} for ${JSON.stringify(p.query)}, most relevant first:`
		return withFeedback([head, ...sections].join("\n\n"), target.feedback)
	},
}
