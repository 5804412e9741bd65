import { z } from "zod"
import { historyItemSchema } from "../history/historyItem.js"
import { clineMessageSchema } from "../message/clineMessage.js"
import { problemSchema } from "../message/problem.js"
import { mcpSnapshotSchema } from "../mcp/mcpServerView.js"
import { modesSnapshotSchema } from "../modes/customMode.js"
import type { ParseResult } from "../parse.js"
import { slashCommandsSnapshotSchema } from "../slash-commands/slashCommand.js"
import { cairnSettingsSchema } from "../settings/settings.js"
import { foundInstructionFilesSchema } from "../settings/instructionFiles.js"
import { taskSummarySchema } from "../task-summary/taskSummary.js"
import { uiLanguages } from "../i18n/language.js"
import { extensionStateSchema } from "./extensionState.js"
import { modelAnswerSchemas } from "./modelMessages.js"
import { codebaseIndexAnswerSchemas } from "./codebaseIndexMessages.js"
import { skillAnswerSchemas } from "../skills/skillMessages.js"
import { pagingAnswerSchemas } from "./pagingMessages.js"
import { boardAnswerSchemas } from "./boardMessages.js"
import { importAnswerSchemas } from "./importMessages.js"
import { fleetAnswerSchemas } from "./fleetMessages.js"
import { parseTagged } from "./parseTagged.js"

/** Things the host asks the UI to do (a view title button, a command). */
export const extensionActions = [
	"chatButtonClicked",
	"historyButtonClicked",
	"settingsButtonClicked",
	"mcpButtonClicked",
	"didBecomeVisible",
	"focusInput",
] as const

/** Things the host asks the UI to do with its chat box (commands like "Add Selection to Context"). */
export const extensionInvokes = [
	"newChat",
	"sendMessage",
	"primaryButtonClick",
	"secondaryButtonClick",
	"setChatBoxMessage",
	/** An editor action's request about code: the UI decides whether it joins the open task or starts one. */
	"askAboutCode",
] as const

/** Host -> client. Apart from `state`, every message is a small delta. */
export const extensionMessageSchema = z.discriminatedUnion("type", [
	z.object({ type: z.literal("state"), state: extensionStateSchema }),
	/**
	 * Upsert of one message of task `taskId` by `ts`: replace the message with that `ts`, else
	 * insert it in `ts` order. `seq` counts the task's deltas from 1; a client that sees a gap
	 * has missed one and asks for `requestState`.
	 */
	z.object({
		type: z.literal("messageUpdated"),
		taskId: z.string(),
		seq: z.number().int().positive(),
		message: clineMessageSchema,
		/** The task's summary, when this message changed it (a request's cost, a todo list...). */
		summary: taskSummarySchema.optional(),
	}),
	z.object({
		type: z.literal("taskHistoryUpdated"),
		/** Items added or changed, to upsert by id. */
		upserted: z.array(historyItemSchema),
		removedIds: z.array(z.string()),
	}),
	/**
	 * `language`: the language of Cairn's text now (the setting may have changed it), as in
	 * `state`; a client that sends settings to another client may leave it out (unchanged).
	 */
	z.object({
		type: z.literal("settingsUpdated"),
		settings: cairnSettingsSchema,
		hasApiKey: z.boolean(),
		language: z.enum(uiLanguages).optional(),
	}),
	z.object({ type: z.literal("modeChanged"), mode: z.string() }),
	z.object({ type: z.literal("action"), action: z.enum(extensionActions) }),
	z.object({
		type: z.literal("invoke"),
		invoke: z.enum(extensionInvokes),
		text: z.string().optional(),
		images: z.array(z.string()).optional(),
	}),
	z.object({
		type: z.literal("theme"),
		kind: z.enum(["light", "dark", "high-contrast", "high-contrast-light"]),
	}),
	z.object({ type: z.literal("selectedImages"), images: z.array(z.string()) }),
	/**
	 * The answer to `checkpointDiff`: every changed file (workspace-relative, `/`-separated) and
	 * the whole change as a unified diff, for clients without a diff view.
	 */
	z.object({
		type: z.literal("checkpointDiff"),
		ts: z.number(),
		since: z.enum(["checkpoint", "task"]),
		from: z.string(),
		files: z.array(
			z.object({
				path: z.string(),
				change: z.enum(["added", "modified", "deleted"]),
				binary: z.boolean(),
			}),
		),
		patch: z.string(),
	}),
	/** Every MCP server with its status, tools and resources, and the config problems; sent whole on any change (it is small). */
	z.object({ type: z.literal("mcpServers"), ...mcpSnapshotSchema.shape }),
	/** Every mode and the modes files' problems; sent whole whenever a modes file changes. */
	z.object({ type: z.literal("modes"), ...modesSnapshotSchema.shape }),
	/** The other tools' instruction files found, by kind: in answer to `requestInstructionFiles`. */
	z.object({ type: z.literal("instructionFilesFound"), found: foundInstructionFilesSchema }),
	/** Every slash command and the command files' problems: on launch and in answer to `requestSlashCommands`. */
	z.object({ type: z.literal("slashCommands"), ...slashCommandsSnapshotSchema.shape }),
	/**
	 * The answer to `searchFiles`: the best matching files and folders (workspace-relative,
	 * "/"-separated), best first, and the repository's latest commits (none outside one).
	 */
	z.object({
		type: z.literal("fileSearchResults"),
		requestId: z.number(),
		results: z.array(z.object({ path: z.string(), type: z.enum(["file", "folder"]) })),
		commits: z.array(z.object({ hash: z.string(), subject: z.string() })),
	}),
	...modelAnswerSchemas,
	...pagingAnswerSchemas,
	...codebaseIndexAnswerSchemas,
	...skillAnswerSchemas,
	...boardAnswerSchemas,
	...importAnswerSchemas,
	...fleetAnswerSchemas,
	/** Something the client asked for failed, or a message it sent was invalid. */
	z.object({
		type: z.literal("error"),
		error: z.string(),
		/** storage_failed: the task could not be saved and was stopped; task_locked: another process has the task open. */
		code: z.enum(["invalid_message", "not_found", "failed", "storage_failed", "task_locked"]),
		/** The `type` of the client message this answers, when known. */
		inReplyTo: z.string().optional(),
		/** A provider's failure as a kind and parameters, for the client to word; `error` is its English. */
		problem: problemSchema.optional(),
	}),
])
export type ExtensionMessage = z.infer<typeof extensionMessageSchema>
export type ExtensionMessageType = ExtensionMessage["type"]
export type ExtensionMessageOf<T extends ExtensionMessageType> = Extract<ExtensionMessage, { type: T }>

export const extensionMessageTypes: readonly ExtensionMessageType[] = extensionMessageSchema.options.map(
	(option) => option.shape.type.value,
)

/** For clients that receive host messages over a process boundary (the CLI over IPC). Never throws. */
export function parseExtensionMessage(input: unknown): ParseResult<ExtensionMessage> {
	return parseTagged(extensionMessageSchema, extensionMessageTypes, input)
}
