import path from "node:path"
import { z } from "zod"
import { fleetReport, taskWork } from "../fleet/fleetReport.js"
import { taskCommitView } from "../fleet/taskCommitView.js"
import { readRecord, recordFile, type FleetRecord } from "../fleet/taskRecord.js"
import type { Client, Handler, HandlerContext } from "./handlerContext.js"
import { textFor } from "./personText.js"

/** The results folders the person opened last, newest first, kept in the host's state. */
const recentKey = "fleet.recentRuns"
const maxRecent = 8
const recentSchema = z.array(z.string()).catch([])

export async function recentRuns(context: HandlerContext): Promise<string[]> {
	return recentSchema.parse(await context.host.state.get(recentKey)).slice(0, maxRecent)
}

async function remember(context: HandlerContext, folder: string): Promise<string[]> {
	const folders = [folder, ...(await recentRuns(context)).filter((kept) => kept !== folder)].slice(
		0,
		maxRecent,
	)
	await context.host.state.set(recentKey, folders)
	return folders
}

const failed = (reply: Client, inReplyTo: string, error: string) =>
	reply({ type: "error", code: "failed", error, inReplyTo })

/**
 * The folder a client names, when it is one the person chose (a recent one): a client never picks
 * what the host reads, so a compromised webview cannot have it read any folder of the machine.
 */
async function chosenFolder(
	context: HandlerContext,
	message: { type: string; folder: string },
	reply: Client,
): Promise<string | undefined> {
	if ((await recentRuns(context)).includes(message.folder)) return message.folder
	failed(reply, message.type, textFor(context)("fleet.notChosen", { folder: message.folder }))
	return undefined
}

/** Task `id`'s record in a folder the person chose, read as untrusted; else answered. */
async function chosenRecord(
	context: HandlerContext,
	message: { type: string; folder: string; id: string },
	reply: Client,
): Promise<{ folder: string; record: FleetRecord } | undefined> {
	const folder = await chosenFolder(context, message, reply)
	if (folder === undefined) return undefined
	const read = await readRecord(folder, message.id)
	if (read.ok) return { folder, record: read.value }
	failed(
		reply,
		message.type,
		textFor(context)("fleet.recordUnreadable", { id: message.id, reason: read.error }),
	)
	return undefined
}

type FleetMessageType =
	"requestFleetRecentRuns" | "openFleetReport" | "showFleetTaskDiff" | "openFleetTaskRecord"

/** A fleet run's report on the board: `cairn run --results <folder>` read as `cairn results` reads it. */
export const fleetHandlers: { [T in FleetMessageType]: Handler<T> } = {
	requestFleetRecentRuns: async (context, _message, reply) => {
		reply({ type: "fleetRecentRuns", folders: await recentRuns(context) })
	},
	openFleetReport: async (context, message, reply) => {
		let folder: string | undefined
		if (message.folder !== undefined)
			folder = await chosenFolder(context, { ...message, folder: message.folder }, reply)
		else {
			const pick = context.host.pickResultsFolder
			if (pick === undefined) return failed(reply, message.type, textFor(context)("fleet.noEditor"))
			folder = await pick.call(context.host)
		}
		if (folder === undefined) return
		const resolved = path.resolve(folder)
		let report
		try {
			report = await fleetReport(resolved)
		} catch (error) {
			return failed(
				reply,
				message.type,
				textFor(context)("fleet.cannotRead", { folder: resolved, reason: (error as Error).message }),
			)
		}
		reply({ type: "fleetRecentRuns", folders: await remember(context, resolved) })
		reply({ type: "fleetReport", report })
	},
	showFleetTaskDiff: async (context, message, reply) => {
		// Read again, not taken from the client: the branch and commit reach git only as the record says.
		const chosen = await chosenRecord(context, message, reply)
		if (chosen === undefined) return
		const t = textFor(context)
		const work = taskWork(chosen.record)
		const show = context.host.showChanges
		if (work === undefined || show === undefined)
			return failed(reply, message.type, t("fleet.noDiff", { id: message.id }))
		const view = await taskCommitView(
			context.host.workspaceRoot,
			work,
			t("fleet.diffTitle", { id: message.id, branch: work.branch, commit: work.commit.slice(0, 8) }),
		)
		if (view === undefined)
			return failed(
				reply,
				message.type,
				t("fleet.notInRepository", { id: message.id, branch: work.branch }),
			)
		await show.call(context.host, view)
	},
	openFleetTaskRecord: async (context, message, reply) => {
		// Only a record that reads as one (a regular file of the folder, no link): see recordFiles.
		const chosen = await chosenRecord(context, message, reply)
		if (chosen === undefined) return
		const open = context.host.openFile
		if (open === undefined) return failed(reply, message.type, textFor(context)("fleet.noEditor"))
		await open.call(context.host, recordFile(chosen.folder, message.id))
	},
}
