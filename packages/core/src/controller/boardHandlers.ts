import { randomUUID } from "node:crypto"
import type { ExtensionMessage, ProviderProfile, WebviewMessageOf, WebviewMessageType } from "@cairn/types"
import type { TaskPlace } from "../tasks/taskPlace.js"
import { totalsOf } from "../worktrees/landing/index.js"
import type { TaskWorktreesPort } from "./controllerOptions.js"
import type { Client, Handler, HandlerContext } from "./handlerContext.js"
import { textFor } from "./personText.js"

type BoardMessageType = Extract<
	WebviewMessageType,
	| "requestTaskBoard"
	| "startBoardTask"
	| "answerCard"
	| "showCardEdit"
	| "cancelCard"
	| "resumeCard"
	| "reviewCard"
	| "runCardChecks"
	| "landCard"
	| "discardCard"
	| "initRepository"
>

const failed = (reply: Client, inReplyTo: string, error: string) =>
	reply({ type: "error", code: "failed", error, inReplyTo })

/** The profiles of a best-of-N start, in the order asked; undefined (answered) when one is unknown. */
function profilesOf(
	context: HandlerContext,
	message: WebviewMessageOf<"startBoardTask">,
	reply: Client,
): (ProviderProfile | undefined)[] | undefined {
	if (message.profileIds === undefined) return [undefined]
	const profiles: ProviderProfile[] = []
	for (const profileId of message.profileIds) {
		const profile = context.settingsStore.profiles.find((p) => p.id === profileId)
		if (profile === undefined) {
			failed(reply, message.type, textFor(context)("board.noSuchProfile", { profileId }))
			return undefined
		}
		profiles.push(profile)
	}
	return profiles
}

/** True while another task works in the workspace itself (not in a worktree of its own). */
function sharesWorkspace(context: HandlerContext): boolean {
	return context.room.tasks().some((task) => {
		const place = context.room.placeOf(task.taskId)
		const state = context.room.stateOf(task.taskId)?.state
		return place?.root === context.host.workspaceRoot && (state === "running" || state === "waiting")
	})
}

/**
 * Starts the tasks a board start asks for and returns their ids (none when it was refused; the
 * refusal is answered). The API and the CLI start here too, so they know which tasks they started.
 */
export async function startBoardTasks(
	context: HandlerContext,
	message: WebviewMessageOf<"startBoardTask">,
	reply: Client,
): Promise<string[]> {
	const t = textFor(context)
	const refused = (error: ExtensionMessage): string[] => {
		reply(error)
		return []
	}
	if (message.profileIds !== undefined && message.place.kind !== "worktree")
		return refused({
			type: "error",
			code: "failed",
			error: t("board.bestOfNeedsWorktrees"),
			inReplyTo: message.type,
		})
	const { worktrees } = context
	if (message.after !== undefined && context.historyItem(message.after.taskId) === undefined)
		return refused({
			type: "error",
			code: "not_found",
			error: t("history.noSuchTask", { taskId: message.after.taskId }),
			inReplyTo: message.type,
		})
	if (message.mode !== undefined && !context.modes.has(message.mode))
		return refused({
			type: "error",
			code: "not_found",
			error: t("modes.unknown", {
				slug: message.mode,
				modes: context.modes
					.all()
					.map((mode) => mode.slug)
					.join(", "),
			}),
			inReplyTo: message.type,
		})
	const profiles = profilesOf(context, message, reply)
	if (profiles === undefined) return []
	// Tasks in place share the workspace's files: said before it starts, not found out from a clash.
	if (message.place.kind === "inPlace" && sharesWorkspace(context))
		reply({ type: "error", code: "failed", error: t("board.sharedFiles") })
	const group = profiles.length > 1 ? randomUUID() : undefined
	const started: string[] = []
	for (const profile of profiles) {
		const taskId = randomUUID()
		let place: TaskPlace | undefined
		if (message.place.kind === "worktree") {
			const { name, base } = message.place
			// Best of N: each gets its own worktree, named after the one asked for.
			const named =
				name !== undefined && profiles.length > 1 ? `${name}-${profiles.indexOf(profile) + 1}` : name
			const created = await worktrees.create(taskId, {
				...(named !== undefined && { name: named }),
				...(base !== undefined && { base }),
			})
			place = { root: created.root, env: created.env, worktree: created.worktree }
		}
		try {
			await context.startTask(message.text, message.images ?? [], {
				taskId,
				show: false,
				...(place && { place }),
				...(message.mode !== undefined && { mode: message.mode }),
				...(profile && { profile }),
				...(group !== undefined && { group }),
				...(message.after !== undefined && { after: context.board.linkAfter(taskId, message.after) }),
			})
		} catch (error) {
			// A worktree no task works in would be left behind unseen: it goes (it holds nothing yet).
			if (place !== undefined) await worktrees.discard(taskId)
			throw error
		}
		started.push(taskId)
	}
	return started
}

/** The card's task, when it has a worktree; else answered. */
function withWorktree(
	context: HandlerContext,
	message: { type: string; taskId: string },
	reply: Client,
): TaskWorktreesPort | undefined {
	if (context.historyItem(message.taskId)?.worktree === undefined) {
		failed(reply, message.type, textFor(context)("board.noWorktree", { taskId: message.taskId }))
		return undefined
	}
	return context.worktrees
}

const sameList = (a: readonly string[], b: readonly string[]) =>
	a.length === b.length && [...a].sort().every((value, i) => value === [...b].sort()[i])

async function postBoard(context: HandlerContext, reply: Client): Promise<void> {
	const [cards, worktreesUnavailable] = await Promise.all([
		context.board.cards(),
		context.worktrees.unavailable(),
	])
	reply({
		type: "taskBoard",
		cards,
		running: context.room.working,
		limit: context.room.capacity,
		...(worktreesUnavailable && { worktreesUnavailable }),
	})
}

export const boardHandlers: { [T in BoardMessageType]: Handler<T> } = {
	requestTaskBoard: async (context, _message, reply) => {
		await postBoard(context, reply)
	},
	initRepository: async (context, _message, reply) => {
		await context.worktrees.initRepository()
		// The board hears what it can do now (worktrees, once the files are committed).
		await postBoard(context, reply)
	},
	startBoardTask: async (context, message, reply) => {
		await startBoardTasks(context, message, reply)
	},
	answerCard: async (context, message, reply) => {
		const task = context.room.get(message.taskId)
		if (task === undefined)
			return failed(
				reply,
				message.type,
				textFor(context)("board.notInRoom", { taskId: message.taskId }),
			)
		// Only the ask it waits on now: a click on a card shown before its ask was answered answers nothing.
		const accepted =
			task.waitingAskTs === message.ts &&
			task.handleWebviewAskResponse(message.askResponse, {
				...(message.text !== undefined && { text: message.text }),
			})
		if (!accepted) failed(reply, message.type, textFor(context)("board.alreadyAnswered"))
	},
	showCardEdit: async (context, message) => {
		await context.showProposedEdit(message.taskId)
	},
	cancelCard: async (context, message, reply) => {
		if (!(await context.cancelTask(message.taskId)))
			failed(reply, message.type, textFor(context)("board.notInRoom", { taskId: message.taskId }))
	},
	resumeCard: async (context, message) => {
		await context.resumeTask(message.taskId)
	},
	reviewCard: async (context, message, reply) => {
		const worktrees = withWorktree(context, message, reply)
		if (worktrees === undefined) return
		// One look at the worktree serves the editor's view, the answer and the card.
		const diff = await worktrees.diff(message.taskId)
		await worktrees.showDiff?.(message.taskId, diff)
		reply({ type: "cardDiff", taskId: message.taskId, ...diff })
		context.board.note(message.taskId, { changes: totalsOf(diff.files) })
	},
	runCardChecks: async (context, message, reply) => {
		const worktrees = withWorktree(context, message, reply)
		if (worktrees === undefined) return
		const checks = await worktrees.runChecks(message.taskId, (running) =>
			context.board.note(message.taskId, { checks: running }),
		)
		context.board.note(message.taskId, { checks })
	},
	landCard: async (context, message, reply) => {
		const worktrees = withWorktree(context, message, reply)
		if (worktrees === undefined) return
		const landing = await worktrees.land(message.taskId, message.how)
		// A merge that stopped on conflicts is not landed: the person resolves them first.
		if ((landing.conflicts?.length ?? 0) > 0) {
			context.board.note(message.taskId, {})
			return reply({
				type: "error",
				code: "failed",
				error: landing.conflicts?.join("\n") ?? "",
				inReplyTo: message.type,
			})
		}
		await context.updateItem(message.taskId, { landing })
	},
	discardCard: async (context, message, reply) => {
		const worktrees = withWorktree(context, message, reply)
		if (worktrees === undefined) return
		const loss = await worktrees.unlanded(message.taskId)
		// Nothing with work that is not landed, committed or pushed goes without the person naming it.
		if (loss.length > 0 && !sameList(message.confirmedLoss ?? [], loss))
			return reply({ type: "discardNeedsConfirmation", taskId: message.taskId, loss })
		await context.closeTask(message.taskId)
		await worktrees.discard(message.taskId)
		await context.updateItem(message.taskId, { discarded: true })
	},
}
