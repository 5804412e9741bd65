import type { CodebaseSearchResult } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { CodebaseIndex } from "../codebase-index/codebaseIndex.js"
import { useModelServers } from "../providers/test-support/providerTesting.js"
import { callTool } from "../test-support/callTool.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { createTestToolContext, type TestToolContext } from "../test-support/toolContext.js"
import { codebaseSearchTool } from "./codebaseSearch.js"

const start = useModelServers()
let t: TestToolContext
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
	await t?.cleanup()
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

const files = {
	"src/billing/invoice.ts":
		"// Applies the customer's discount to the invoice total.\nexport function invoiceTotalWithDiscount() {\n\treturn 0\n}\n",
	"src/ui/sidebar.ts": "export function renderSidebar() {}\n",
	"private/meeting-notes.ts": "// notes from the pricing meeting\nexport const meetingNotes = []\n",
}

/** A tool context over a workspace whose index is built (unless `build` is false). */
async function setup(options: { cairnignore?: string; build?: boolean } = {}) {
	t = await createTestToolContext({ files })
	const server = await start()
	const storage = await makeTempDir("cairn-search-store-")
	cleanups.push(storage.remove)
	const index = new CodebaseIndex({
		workspaceRoot: t.workspace,
		storageDir: storage.dir,
		embedding: { provider: "ollama", modelId: "nomic-embed-text", baseUrl: server.ollamaHost },
		apiKey: undefined,
		maxFileBytes: 100_000,
		logger: t.host.logger,
	})
	if (options.build !== false) await index.update()
	// The index saw every file; the ignore rules below come later, as a person may add them.
	if (options.cairnignore !== undefined)
		t = await createTestToolContext({ files, cairnignore: options.cairnignore })
	const rows: CodebaseSearchResult[] = []
	const context = {
		...t.context,
		codebaseSearch: index,
		showSearchResults: (row: CodebaseSearchResult) => rows.push(row),
	}
	return { context, rows, server }
}

describe("codebase_search", () => {
	it("answers with the closest chunks, their lines and scores, and shows them in a result row", async () => {
		const { context, rows } = await setup()
		const result = await callTool(
			codebaseSearchTool,
			{ query: "where is the invoice discount applied?" },
			context,
		)
		expect(result.isError).toBeUndefined()
		expect(result.text).toMatch(
			/^\d results? for "where is the invoice discount applied\?", most relevant first:/,
		)
		expect(result.text).toMatch(
			/# src\/billing\/invoice\.ts:1-4 \(score 0\.\d{3}\)\n\/\/ Applies the customer's discount/,
		)
		expect(rows[0]?.results[0]).toMatchObject({
			path: "src/billing/invoice.ts",
			startLine: 1,
			endLine: 4,
		})
		expect(t.approvals).toEqual([
			{
				kind: "read",
				isOutsideWorkspace: false,
				row: {
					tool: "codebaseSearch",
					query: "where is the invoice discount applied?",
					isOutsideWorkspace: false,
				},
			},
		])
	})

	it("limits the search to a folder", async () => {
		const { context, rows } = await setup()
		await callTool(
			codebaseSearchTool,
			{ query: "invoice discount in the sidebar", path: "src/ui" },
			context,
		)
		expect(rows[0]).toMatchObject({ path: "src/ui" })
		expect(rows[0]?.results.map((hit) => hit.path)).toEqual(["src/ui/sidebar.ts"])
	})

	it("never shows what .cairnignore hides, even when the index holds it", async () => {
		const { context, rows } = await setup({ cairnignore: "private/\n" })
		const result = await callTool(codebaseSearchTool, { query: "pricing meeting notes" }, context)
		expect(result.text).not.toContain("private/")
		expect(rows[0]?.results.map((hit) => hit.path)).not.toContain("private/meeting-notes.ts")
		const blocked = await callTool(codebaseSearchTool, { query: "notes", path: "private" }, context)
		expect(blocked).toMatchObject({ isError: true, blockedPath: "private" })
	})

	it("says so when there is no index yet, without asking the model server", async () => {
		const { context, server } = await setup({ build: false })
		const result = await callTool(codebaseSearchTool, { query: "anything" }, context)
		expect(result).toMatchObject({ isError: true })
		expect(result.text).toContain("not available")
		expect(server.requests).toHaveLength(0)
	})
})
