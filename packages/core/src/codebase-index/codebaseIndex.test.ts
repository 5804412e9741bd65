import { mkdir, readFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import type { ModelServer } from "@cairn/model-server"
import type { EmbeddingSettings } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { Logger } from "../host/Host.js"
import { useModelServers } from "../providers/test-support/providerTesting.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { CodebaseIndex, indexFolder } from "./codebaseIndex.js"
import type { Embedder } from "./embedder.js"
import type { IndexProgress } from "./indexProgress.js"
import { OpenAiEmbedder } from "./openaiEmbedder.js"

const start = useModelServers()

const invoiceFile = "src/billing/invoice.ts"
const fixture: Record<string, string> = {
	[invoiceFile]: [
		"// Sums the line items of an invoice and applies the customer's discount rate.",
		"export function computeInvoiceTotal(lineItems: LineItem[], discountRate: number): number {",
		"\tconst subtotal = lineItems.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0)",
		"\treturn subtotal * (1 - discountRate)",
		"}",
		"",
	].join("\n"),
	"src/ui/sidebar.ts": "export function renderSidebar(panel: Panel) {\n\tpanel.drawWidgets()\n}\n",
	"src/net/retry.ts":
		"// Waits longer after each failed attempt.\nexport async function withBackoff(attempt: () => Promise<void>) {}\n",
	"README.md": "# Shop\n\nA small shop front end.\n",
	".gitignore": "generated/\n",
	".cairnignore": "secrets/\n",
	"generated/invoice-copy.ts": "export const generatedInvoiceTotal = computeInvoiceTotal\n",
	"secrets/invoice-keys.ts": "export const invoiceSigningKey = 'k'\n",
}
for (let i = 0; i < 8; i++)
	fixture[`src/misc/helper${i}.ts`] = `export function helper${i}Value() {\n\treturn ${i}\n}\n`

let workspace: { dir: string; remove(): Promise<void> }
let storage: { dir: string; remove(): Promise<void> }

beforeEach(async () => {
	workspace = await makeTempDir("cairn-index-ws-")
	storage = await makeTempDir("cairn-index-store-")
	for (const [file, text] of Object.entries(fixture)) await put(file, text)
	await put("assets/logo.bin", Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02]))
	await put("data/huge.ts", `// invoice total\n${"x".repeat(5000)}\n`)
})

afterEach(async () => {
	await workspace.remove()
	await storage.remove()
})

async function put(file: string, content: string | Buffer): Promise<void> {
	await mkdir(path.dirname(path.join(workspace.dir, file)), { recursive: true })
	await writeFile(path.join(workspace.dir, file), content)
}

const embedding = (server: ModelServer): EmbeddingSettings => ({
	provider: "openai",
	modelId: "embed-test",
	baseUrl: server.openaiBaseURL,
})

function makeIndex(
	server: ModelServer,
	embedder?: Embedder,
	maxFileBytes = 4096,
	logger: Logger = recordingLogger(),
): CodebaseIndex {
	return new CodebaseIndex({
		workspaceRoot: workspace.dir,
		storageDir: storage.dir,
		embedding: embedding(server),
		apiKey: "test-key",
		maxFileBytes,
		logger,
		...(embedder && { embedder }),
	})
}

const embeddingRequests = (server: ModelServer) => server.requests.filter((r) => r.route === "embeddings")
/** The files whose chunks a request embedded (each text starts with its path). */
function embeddedFiles(server: ModelServer): string[] {
	const inputs = embeddingRequests(server).flatMap((r) => (r.body as { input: string[] }).input)
	return [...new Set(inputs.map((text) => text.split("\n")[0] ?? ""))].sort()
}

const search = (index: CodebaseIndex, query: string, folder?: string) =>
	index.search(query, { limit: 5, minScore: 0, ...(folder !== undefined && { folder }) })

describe("CodebaseIndex over a real workspace and the model server's embeddings", () => {
	it("finds the file whose identifiers and comments carry the concept first", async () => {
		const server = await start()
		const index = makeIndex(server)
		await index.open()
		expect(index.isReady()).toBe(false)
		const progress: IndexProgress[] = []
		index.onProgress((update) => progress.push(update))
		const result = await index.update()
		expect(result).toMatchObject({ totalFiles: 16, skippedFiles: 2, removedFiles: 0 })
		expect(progress.map((update) => update.phase)).toEqual(["scanning", "indexing", "done"])
		expect(progress.at(-1)).toMatchObject({ processedFiles: 16, totalFiles: 16, embeddedFiles: 14 })
		expect(index.isReady()).toBe(true)

		const hits = await search(index, "where is the discount applied to an invoice's line items?")
		expect(hits[0]).toMatchObject({ path: invoiceFile, startLine: 1, endLine: 5 })
		expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? 1)
		expect(await search(index, "invoice discount", "src/ui")).toEqual([
			expect.objectContaining({ path: "src/ui/sidebar.ts" }),
		])
	})

	it("leaves out ignored, .cairnignore'd, binary and oversized files", async () => {
		const server = await start()
		const index = makeIndex(server)
		await index.update()
		const indexed = embeddedFiles(server)
		expect(indexed).toContain(invoiceFile)
		for (const left of [
			"generated/invoice-copy.ts",
			"secrets/invoice-keys.ts",
			"assets/logo.bin",
			"data/huge.ts",
		])
			expect(indexed).not.toContain(left)
	})

	it("embeds again only the file that changed, and drops a deleted file from the results", async () => {
		const server = await start()
		const index = makeIndex(server)
		await index.update()
		server.reset()

		await put(invoiceFile, `${fixture[invoiceFile]}export const invoiceCurrency = "EUR"\n`)
		await rm(path.join(workspace.dir, "src/net/retry.ts"))
		expect(await index.update()).toMatchObject({ embeddedFiles: 1, removedFiles: 1 })
		expect(embeddingRequests(server)).toHaveLength(1)
		expect(embeddedFiles(server)).toEqual([invoiceFile])

		const hits = await search(index, "backoff failed attempt", ".")
		expect(hits.map((hit) => hit.path)).not.toContain("src/net/retry.ts")
	})

	it("reuses the saved index after a restart without embedding anything again", async () => {
		const server = await start()
		await makeIndex(server).update()
		server.reset()

		const restarted = makeIndex(server)
		await restarted.open()
		expect(restarted.isReady()).toBe(true)
		expect(await restarted.update()).toMatchObject({ embeddedFiles: 0, totalFiles: 16 })
		expect(embeddingRequests(server)).toHaveLength(0)
		expect((await search(restarted, "invoice discount total"))[0]?.path).toBe(invoiceFile)
	})

	it("stops when cancelled, keeps what it embedded, and the next run does only the rest", async () => {
		const server = await start()
		const real = new OpenAiEmbedder(embedding(server), "test-key")
		const holder: { index?: CodebaseIndex } = {}
		let calls = 0
		const cancelling: Embedder = {
			identity: real.identity,
			batchSize: 2,
			embed: (texts, signal) => {
				// The probe is call 1, the first batch call 2: cancel as the second batch is asked for.
				if (++calls === 3) holder.index?.cancel()
				return real.embed(texts, signal)
			},
		}
		const index = makeIndex(server, cancelling)
		holder.index = index
		const phases: string[] = []
		index.onProgress((progress) => phases.push(progress.phase))
		expect(await index.update()).toBeUndefined()
		expect(phases.at(-1)).toBe("stopped")
		const firstRun = embeddedFiles(server)
		expect(embeddingRequests(server)).toHaveLength(2)
		server.reset()

		const resumed = makeIndex(server)
		await resumed.open()
		expect(await resumed.update()).toMatchObject({ totalFiles: 16 })
		const secondRun = embeddedFiles(server)
		expect(secondRun.filter((file) => firstRun.includes(file) && file !== "dimensions")).toEqual([])
		expect(secondRun.length).toBeGreaterThan(0)
	})

	it("leaves out files whose content the model refuses and indexes the rest, clipping overlong chunks", async () => {
		const server = await start()
		await put("src/refused.ts", "// REFUSE this one\nexport const refused = 1\n")
		await put("dist/app.min.js", `var invoiceMinified=${"1+".repeat(4000)}1`)
		const real = new OpenAiEmbedder(embedding(server), "test-key")
		const refusing: Embedder = {
			identity: real.identity,
			batchSize: 1,
			embed: (texts, signal) =>
				texts.some((text) => text.includes("REFUSE"))
					? Promise.reject(Object.assign(new Error("input rejected"), { status: 400 }))
					: real.embed(texts, signal),
		}
		const index = makeIndex(server, refusing, 10_000)
		// Left out: the refused file and the binary one (data/huge.ts fits under this limit).
		expect(await index.update()).toMatchObject({ totalFiles: 18, skippedFiles: 2 })
		expect(embeddedFiles(server)).toContain(invoiceFile)
		expect(embeddedFiles(server)).not.toContain("src/refused.ts")
		const inputs = embeddingRequests(server).flatMap((r) => (r.body as { input: string[] }).input)
		const minified = inputs.find((text) => text.startsWith("dist/app.min.js\n"))
		expect(minified?.length).toBe("dist/app.min.js\n".length + 6000)
	})

	it("keeps each workspace's index in a folder of its own under the storage folder", async () => {
		const server = await start()
		await makeIndex(server).update()
		const folder = indexFolder(storage.dir, workspace.dir)
		expect(path.dirname(folder)).toBe(path.join(storage.dir, "codebase-index"))
		const manifest = JSON.parse(await readFile(path.join(folder, "manifest.json"), "utf8")) as {
			files: object
		}
		expect(Object.keys(manifest.files)).toContain(invoiceFile)
		expect(indexFolder(storage.dir, `${workspace.dir}-other`)).not.toBe(folder)
	})
})

/** An embedder that counts its calls and can hold one call until released. */
function controlledEmbedder(server: ModelServer, holdCall?: number) {
	const real = new OpenAiEmbedder(embedding(server), "test-key")
	let release = () => {}
	let reached = () => {}
	const control = {
		calls: 0,
		/** Resolves once the held call has been asked for (the index is mid-run, holding its folder's lock). */
		held: new Promise<void>((resolve) => (reached = resolve)),
		release: () => release(),
	}
	const gate = new Promise<void>((resolve) => (release = resolve))
	const embedder: Embedder = {
		identity: real.identity,
		batchSize: real.batchSize,
		embed: async (texts, signal) => {
			if (++control.calls === holdCall) {
				reached()
				await gate
			}
			return real.embed(texts, signal)
		},
	}
	return { embedder, control }
}

/** A logger that also resolves `waiting` once the index says another process holds its folder. */
function waitingLogger() {
	const logger = recordingLogger()
	let resolve = () => {}
	const waiting = new Promise<void>((done) => (resolve = done))
	const info = logger.info
	logger.info = (message, details) => {
		info(message, details)
		if (message.includes("waiting for it")) resolve()
	}
	return { logger, waiting }
}

describe("CodebaseIndex shared by two processes (two editor windows on one workspace)", () => {
	it("lets one update at a time: the second waits, then reads what the first saved instead of embedding it again", async () => {
		const server = await start()
		// Call 1 is the probe for the dimensions, call 2 the first batch: held, with the lock taken.
		const first = controlledEmbedder(server, 2)
		const firstRun = makeIndex(server, first.embedder).update()
		await first.control.held

		const second = controlledEmbedder(server)
		const { logger, waiting } = waitingLogger()
		const secondIndex = makeIndex(server, second.embedder, 4096, logger)
		const secondRun = secondIndex.update()
		await waiting
		first.control.release()

		expect(await firstRun).toMatchObject({ embeddedFiles: 14 })
		expect(await secondRun).toMatchObject({ embeddedFiles: 0, totalFiles: 16 })
		expect(second.control.calls).toBe(0)
		expect((await search(secondIndex, "invoice discount total"))[0]?.path).toBe(invoiceFile)
	})

	it("reads the index again before writing when the other process saved it since", async () => {
		const server = await start()
		const first = makeIndex(server)
		await first.update()
		const second = makeIndex(server)
		await second.open()

		await put(
			"src/net/retry.ts",
			"// Retries a payment webhook with jittered backoff.\nexport const retryWebhook = 1\n",
		)
		expect(await second.update()).toMatchObject({ embeddedFiles: 1 })
		// The first window's copy is now stale: it reads the second's save and has nothing left to do.
		server.reset()
		expect(await first.update()).toMatchObject({ embeddedFiles: 0 })
		expect(embeddingRequests(server)).toHaveLength(0)
		expect((await search(first, "payment webhook jittered"))[0]?.path).toBe("src/net/retry.ts")
	})

	it("stops waiting when cancelled, and writes nothing", async () => {
		const server = await start()
		const first = controlledEmbedder(server, 2)
		const firstRun = makeIndex(server, first.embedder).update()
		await first.control.held

		const second = controlledEmbedder(server)
		const { logger, waiting } = waitingLogger()
		const secondIndex = makeIndex(server, second.embedder, 4096, logger)
		const secondRun = secondIndex.update()
		await waiting
		secondIndex.cancel()
		expect(await secondRun).toBeUndefined()
		expect(second.control.calls).toBe(0)
		first.control.release()
		expect(await firstRun).toMatchObject({ embeddedFiles: 14 })
	})
})
