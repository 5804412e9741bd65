import path from "node:path"
import { type ImportLine, type ImportReport, noSpent, safeParse, taskIdSchema } from "@cairn/types"
import { z } from "zod"
import type { TaskStore } from "../persistence/taskStore.js"
import { ImportFileError, parseImportJson, readImportFile } from "./readImportFile.js"
import { convertRooApiHistory, rooApiHistorySchema } from "./rooApiHistory.js"
import { rooTaskDirsIn } from "./rooStorage.js"
import { convertRooUiMessages, rooUiMessagesSchema } from "./rooUiMessages.js"

/** A long task's history runs to tens of megabytes; past this it is skipped, not loaded. */
const maxTaskFileBytes = 200_000_000
const maxItemBytes = 1_000_000

const count = z.number().nonnegative().catch(0)
/** What Roo's history list knew of a task (`history_item.json`, or its entry in `tasks/_index.json`). */
const rooHistoryItemSchema = z.looseObject({
	id: z.string(),
	ts: z.number().optional(),
	task: z.string().optional(),
	tokensIn: count.optional(),
	tokensOut: count.optional(),
	cacheWrites: count.optional(),
	cacheReads: count.optional(),
	totalCost: count.optional(),
	workspace: z.string().optional(),
	mode: z.string().max(64).optional(),
})
type RooHistoryItem = z.infer<typeof rooHistoryItemSchema>

/** A Roo task keeps the same Cairn id on every import, so importing again finds it there. */
export const importedTaskId = (rooId: string) => `roo-${rooId}`

export interface TaskImportOptions {
	/** Where a task that does not say its workspace is listed (the workspace importing it). */
	workspace: string
}

/**
 * Imports Roo Code tasks into Cairn's history, from a folder the person chose (see rooTaskDirsIn).
 * Each becomes a Cairn task that opens, searches and resumes like one of Cairn's own: its API
 * history as the model last saw it, the chat's plain rows, its title, counts and workspace. A
 * task imported before is left as it is (it may have gone on in Cairn since).
 */
export async function importRooTasks(
	chosen: string,
	store: TaskStore,
	options: TaskImportOptions,
): Promise<{ report: ImportReport; imported: string[] }> {
	const dirs = await rooTaskDirsIn(chosen)
	const index = await readIndex(path.join(path.dirname(dirs[0] ?? chosen), "_index.json"))
	const lines: ImportLine[] = []
	const imported: string[] = []
	for (const dir of dirs) {
		const rooId = path.basename(dir)
		const id = importedTaskId(rooId)
		const name = index.get(rooId)?.task?.split("\n")[0]?.slice(0, 80) ?? rooId
		if (!taskIdSchema.safeParse(id).success) {
			lines.push({
				kind: "task",
				name,
				skipped: "invalid",
				detail: "the folder's name is not a task id",
			})
			continue
		}
		if (store.get(id) !== undefined) {
			lines.push({ kind: "task", name, skipped: "already_there" })
			continue
		}
		try {
			const outcome = await importTask(dir, id, index.get(rooId), store, options)
			if (outcome === "empty") lines.push({ kind: "task", name, skipped: "empty_task" })
			else {
				imported.push(id)
				lines.push({ kind: "task", name: outcome.split("\n")[0]?.slice(0, 80) ?? name })
			}
		} catch (error) {
			if (!(error instanceof ImportFileError)) throw error
			lines.push({ kind: "task", name, skipped: "invalid", detail: error.message })
		}
	}
	return { report: { source: "rooTasks", from: chosen, lines }, imported }
}

/** Roo's history list, for the titles and counts of tasks whose folder has no `history_item.json`; empty when unreadable. */
async function readIndex(file: string): Promise<Map<string, RooHistoryItem>> {
	let raw: unknown
	try {
		const text = await readImportFile(file, 50_000_000)
		raw = text === undefined ? undefined : parseImportJson(file, text)
	} catch {
		return new Map()
	}
	const parsed = z.object({ entries: z.array(z.unknown()) }).safeParse(raw)
	const entries = parsed.success ? parsed.data.entries : []
	return new Map(
		entries.flatMap((entry) => {
			const item = rooHistoryItemSchema.safeParse(entry)
			return item.success ? [[item.data.id, item.data] as const] : []
		}),
	)
}

async function readJsonIn(dir: string, name: string, maxBytes: number): Promise<unknown> {
	const file = path.join(dir, name)
	const text = await readImportFile(file, maxBytes)
	return text === undefined ? undefined : parseImportJson(file, text)
}

/** Writes one task; returns its title, or "empty" when Roo's folder holds no conversation. */
async function importTask(
	dir: string,
	id: string,
	indexed: RooHistoryItem | undefined,
	store: TaskStore,
	options: TaskImportOptions,
): Promise<string | "empty"> {
	const rawApi = await readJsonIn(dir, "api_conversation_history.json", maxTaskFileBytes)
	if (rawApi === undefined) return "empty"
	const api = safeParse(rooApiHistorySchema, rawApi)
	if (!api.success) throw new ImportFileError(`api_conversation_history.json: ${api.error}`)
	const apiHistory = convertRooApiHistory(api.data)
	if (apiHistory.length === 0) return "empty"
	const ownItem = rooHistoryItemSchema.safeParse(await readJsonIn(dir, "history_item.json", maxItemBytes))
	const item = ownItem.success ? ownItem.data : indexed
	const rawUi = safeParse(
		rooUiMessagesSchema,
		(await readJsonIn(dir, "ui_messages.json", maxTaskFileBytes)) ?? [],
	)
	const firstText = apiHistory[0]?.content.find((block) => block.type === "text")
	// Roo wraps the task in <task> tags for the model; the person wrote what is inside.
	const asked =
		firstText?.type === "text"
			? firstText.text.replace(/^\s*<task>\s*([\s\S]*?)\s*<\/task>[\s\S]*$/, "$1")
			: ""
	const messages = convertRooUiMessages(rawUi.success ? rawUi.data : [], asked.trim() || "Roo Code task")
	const title = item?.task?.trim() || messages[0]?.text?.trim() || "Roo Code task"
	const last = messages.at(-1)
	await store.createTask({
		id,
		task: title,
		ts: item?.ts ?? last?.ts ?? Date.now(),
		tokensIn: item?.tokensIn ?? 0,
		tokensOut: item?.tokensOut ?? 0,
		...(item?.cacheWrites !== undefined && { cacheWrites: item.cacheWrites }),
		...(item?.cacheReads !== undefined && { cacheReads: item.cacheReads }),
		totalCost: item?.totalCost ?? 0,
		workspace: item?.workspace ?? options.workspace,
		// Roo's slugs may have capitals; its modes come over in lowercase (rooMode).
		...(item?.mode !== undefined && { mode: item.mode.toLowerCase() }),
		status: last?.ask === "completion_result" ? "completed" : "aborted",
		...(last !== undefined && { lastMessageTs: last.ts }),
	})
	try {
		for (const message of messages) await store.appendMessage(id, message)
		for (const message of apiHistory) await store.appendApiMessage(id, message)
		// What Roo says the task spent opens its ledger: resuming it adds to that, never starts at 0.
		await store.appendLedger(id, {
			kind: "carried",
			spent: {
				...noSpent,
				// Roo's history does not count requests; each answer of the model was one at least.
				requests: apiHistory.filter((message) => message.role === "assistant").length,
				tokensIn: item?.tokensIn ?? 0,
				tokensOut: item?.tokensOut ?? 0,
				cacheReads: item?.cacheReads ?? 0,
				cacheWrites: item?.cacheWrites ?? 0,
				cost: item?.totalCost ?? 0,
			},
		})
		await store.closeTask(id)
	} catch (error) {
		// Half a task would count as imported next time: it goes, and the failure stops the import.
		await store.deleteTask(id)
		throw error
	}
	return title
}
