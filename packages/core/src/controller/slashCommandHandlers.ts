import type { ClineAskResponse, WebviewMessageOf } from "@cairn/types"
import {
	commandFolders,
	loadSlashCommands,
	type SlashCommandCatalog,
} from "../slash-commands/commandCatalog.js"
import { interpretPersonText, mayNameCommand } from "../slash-commands/expandSlashCommand.js"
import { endedByPerson } from "../subtasks/subtaskStack.js"
import type { Client, Handler, HandlerContext } from "./handlerContext.js"
import { switchMode } from "./modeHandlers.js"
import { textFor } from "./personText.js"

// The one place where what the person sends meets the slash commands: the webview, the CLI and
// the API all start tasks and answer asks through these functions. Only the person's text comes
// here; the model's output never does.

/** The commands as the files are now, with the modes there are now for `/mode`. */
export function slashCommands(context: HandlerContext): Promise<SlashCommandCatalog> {
	return loadSlashCommands(
		commandFolders(context.host.workspaceRoot, context.host.storageDir),
		context.modes.all().map((mode) => mode.slug),
	)
}

export async function postSlashCommands(context: HandlerContext, reply: Client): Promise<void> {
	reply({ type: "slashCommands", ...(await slashCommands(context)).snapshot() })
}

/** How a message the person sends reaches the agent once any command in it has acted. */
type Delivery = { as: "newTask" } | { as: "answer"; response: ClineAskResponse; automatic?: true }

interface PersonMessage {
	text: string
	images: string[]
}

const failed = (reply: Client, inReplyTo: string, error: string) =>
	reply({ type: "error", code: "failed", error, inReplyTo })

/**
 * Sends what the person typed: a built-in command acts (and any text after it goes on as the
 * message), a custom command expands into the text the model receives, anything else goes as
 * typed. Returns the id of the task it started, if it started one.
 */
async function deliver(
	context: HandlerContext,
	message: PersonMessage,
	delivery: Delivery,
	reply: Client,
): Promise<string | undefined> {
	// Most messages name no command: they go on without reading any command file (an Approve click stays fast).
	if (!mayNameCommand(message.text)) return send(context, message, delivery, message.text)
	const inReplyTo = delivery.as === "newTask" ? "newTask" : "askResponse"
	const meant = interpretPersonText(message.text, await slashCommands(context), {
		builtIns: delivery.as === "newTask" || delivery.response === "messageResponse",
	})
	if (meant.kind === "message")
		return send(context, { ...message, text: meant.text }, delivery, message.text)
	const rest = { text: meant.args, images: message.images }
	switch (meant.name) {
		case "new": {
			if (meant.args === "" && message.images.length === 0) {
				const closed = context.clearTask(endedByPerson)
				await context.postState()
				await closed
				return undefined
			}
			return deliver(context, rest, { as: "newTask" }, reply)
		}
		case "mode": {
			const slug = meant.args.split(/\s/, 1)[0] ?? ""
			if (slug === "") {
				failed(
					reply,
					inReplyTo,
					textFor(context)("slashCommands.modeNeedsSlug", {
						command: "/mode",
						example: "/mode architect",
					}),
				)
				return undefined
			}
			const known = context.modes.has(slug)
			// An unknown slug is refused there, with the modes there are; the text after it is not sent.
			await switchMode(context, slug, reply)
			if (!known) return undefined
			const after = { text: meant.args.slice(slug.length).trim(), images: message.images }
			return goOn(context, after, delivery, reply)
		}
		case "condense": {
			const task = context.currentTask
			if (task === undefined) {
				failed(
					reply,
					inReplyTo,
					textFor(context)("slashCommands.condenseNeedsTask", { command: "/condense" }),
				)
				return undefined
			}
			await task.condenseContext()
			return goOn(context, rest, delivery, reply)
		}
	}
}

/** The text after a built-in command that acted, sent on as the message it was part of. */
function goOn(
	context: HandlerContext,
	message: PersonMessage,
	delivery: Delivery,
	reply: Client,
): Promise<string | undefined> {
	if (message.text === "" && message.images.length === 0) return Promise.resolve(undefined)
	return deliver(context, message, delivery, reply)
}

async function send(
	context: HandlerContext,
	message: PersonMessage,
	delivery: Delivery,
	typed: string,
): Promise<string | undefined> {
	if (delivery.as === "newTask")
		// The history lists the task as the person typed it, not as the command expanded.
		return context.startTask(message.text, message.images, { title: typed })
	const accepted = context.currentTask?.handleWebviewAskResponse(delivery.response, {
		...(message.text !== "" && { text: message.text }),
		...(message.images.length > 0 && { images: message.images }),
		...(delivery.automatic && { automatic: true }),
	})
	// A click that arrives after its ask was answered or replaced is harmless: nothing waits for it.
	if (!accepted) context.host.logger.debug("An answer arrived while no ask was waiting")
	return undefined
}

/** Starts a task with what the person typed (slash commands act first); the id of the task started, if any. */
export function startPersonTask(
	context: HandlerContext,
	text: string,
	images: string[],
	reply: Client,
): Promise<string | undefined> {
	return deliver(context, { text, images }, { as: "newTask" }, reply)
}

/** Answers the current ask with what the person typed (slash commands act first). */
export async function answerAsPerson(
	context: HandlerContext,
	message: WebviewMessageOf<"askResponse">,
	reply: Client,
): Promise<void> {
	await deliver(
		context,
		{ text: message.text ?? "", images: message.images ?? [] },
		{ as: "answer", response: message.askResponse, ...(message.automatic && { automatic: true }) },
		reply,
	)
}

export const slashCommandHandlers: { requestSlashCommands: Handler<"requestSlashCommands"> } = {
	requestSlashCommands: async (context, _message, reply) => {
		await postSlashCommands(context, reply)
	},
}
