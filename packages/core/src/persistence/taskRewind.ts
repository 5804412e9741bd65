import { randomBytes } from "node:crypto"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import { type ClineMessage, type HistoryPoint, historyPointSchema } from "@cairn/types"
import { z } from "zod"
import type { ApiMessage } from "../providers/apiMessage.js"
import { cutHistory } from "../task/historyPoint.js"
import { readJsonFile, writeJsonAtomic } from "./atomicFile.js"

/** Where a task goes back to: the messages before `before` (a `ts`), the API history as it was at `history`. */
export interface RewindCut {
	before: number
	history: HistoryPoint
}

export const rewoundFolderName = "rewound"

const rewoundFileSchema = z.object({
	id: z.string(),
	at: z.number(),
	before: z.number(),
	history: historyPointSchema,
	messages: z.array(z.unknown()),
	apiMessages: z.array(z.unknown()),
})

export function rewoundFile(taskDir: string, id: string): string {
	return path.join(taskDir, rewoundFolderName, `${id}.json`)
}

/**
 * Keeps what a rewind removes (its messages and API history) in `rewound/<id>.json`, written
 * whole before the journals record the rewind: nothing a rewind drops is ever lost, and the
 * file tells how to finish a rewind a crash cut short. Returns the rewind's id.
 */
export async function saveRewound(
	taskDir: string,
	cut: RewindCut,
	messages: readonly ClineMessage[],
	apiHistory: readonly ApiMessage[],
): Promise<{ id: string; removedMessages: number }> {
	const id = `${Date.now()}-${randomBytes(4).toString("hex")}`
	const removedMessages = messages.filter((m) => m.ts >= cut.before)
	const { removed } = cutHistory(apiHistory, cut.history)
	await mkdir(path.join(taskDir, rewoundFolderName), { recursive: true })
	await writeJsonAtomic(rewoundFile(taskDir, id), {
		id,
		at: Date.now(),
		before: cut.before,
		history: cut.history,
		messages: removedMessages,
		apiMessages: removed,
	})
	return { id, removedMessages: removedMessages.length }
}

/** The cut a saved rewind made, to finish journaling it after a crash; undefined when its file is unreadable. */
export async function rewoundCut(taskDir: string, id: string): Promise<RewindCut | undefined> {
	const read = await readJsonFile(rewoundFile(taskDir, id), rewoundFileSchema)
	return read.ok ? { before: read.value.before, history: read.value.history } : undefined
}
