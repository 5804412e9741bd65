import { z } from "zod"
import { clineAskResponseSchema } from "../message/askResponse.js"
import type { ParseResult } from "../parse.js"
import { cairnSettingsPatchSchema } from "../settings/settings.js"
import { providerNameSchema } from "../settings/provider.js"
import { profileIdSchema } from "../settings/profiles.js"
import { mcpSourceSchema } from "../mcp/mcpServerView.js"
import { mcpServerInputSchema } from "../mcp/mcpServerInput.js"
import { customModeSchema, modeSlugSchema } from "../modes/customMode.js"
import { editedTodoListSchema } from "../todos/todoItem.js"
import { parseTagged } from "./parseTagged.js"
import { modelRequestSchemas } from "./modelMessages.js"
import { codebaseIndexRequestSchemas } from "./codebaseIndexMessages.js"
import { skillRequestSchemas } from "../skills/skillMessages.js"
import { pagingRequestSchemas } from "./pagingMessages.js"
import { boardRequestSchemas } from "./boardMessages.js"
import { profileMessageSchemas } from "./profileMessages.js"
import { demoMessageSchemas } from "./demoMessages.js"
import { importRequestSchemas } from "./importMessages.js"
import { fleetRequestSchemas } from "./fleetMessages.js"
import { imagesSchema, messageTsSchema, taskIdSchema, userTextSchema } from "./limits.js"

const mcpServerNameSchema = z.string().min(1).max(200)
/** Which modes file: the person's own, or the workspace's `.cairn/modes.yaml`. */
const modesFileSchema = z.enum(["global", "project"])
/** A whole modes file fits; a runaway client does not. */
export const maxModesFileLength = 1_000_000

/**
 * Client -> host. One precise payload per `type`; the host handles each type in its own
 * handler. Every client (webview, CLI, API, IPC) speaks this same union.
 */
export const webviewMessageSchema = z.discriminatedUnion("type", [
	/** The UI is ready: the host answers with a full `state` snapshot. */
	z.object({ type: z.literal("webviewDidLaunch") }),
	/** A gap in `seq` or any doubt: the host answers with a full `state` snapshot. */
	z.object({ type: z.literal("requestState") }),
	z.object({ type: z.literal("newTask"), text: userTextSchema, images: imagesSchema.optional() }),
	/**
	 * The answer to the current ask; typed text and images ride along with a button press.
	 * `automatic`: a client's standing rule answered (the CLI's -y), not a person, so a command it
	 * approves runs as an automatic approval does: in the OS sandbox.
	 */
	z.object({
		type: z.literal("askResponse"),
		askResponse: clineAskResponseSchema,
		text: userTextSchema.optional(),
		images: imagesSchema.optional(),
		automatic: z.literal(true).optional(),
	}),
	/** End the current task (it stays in history). */
	z.object({ type: z.literal("clearTask") }),
	/** Stop what the task is doing now; it can be resumed. */
	z.object({ type: z.literal("cancelTask") }),
	/** Condense the current task's context now, whatever its size. */
	z.object({ type: z.literal("condenseTaskContextRequest") }),
	/** For a running command: let the agent go on while it runs, or kill it. */
	z.object({ type: z.literal("terminalOperation"), terminalOperation: z.enum(["continue", "abort"]) }),
	/** Stop one of the current task's background commands (its row's Stop). */
	z.object({ type: z.literal("stopBackgroundCommand"), id: z.string().min(1).max(64) }),
	z.object({ type: z.literal("showTaskWithId"), taskId: taskIdSchema }),
	z.object({ type: z.literal("deleteTaskWithId"), taskId: taskIdSchema }),
	z.object({ type: z.literal("exportTaskWithId"), taskId: taskIdSchema }),
	/**
	 * Any change of everyday settings. A patch naming a trust setting (see trustSettingsIn) is
	 * refused whole: this is the message every client may send.
	 */
	z.object({ type: z.literal("updateSettings"), settings: cairnSettingsPatchSchema }),
	/**
	 * A change the person made to a trust setting, sent only by the controls that show one (the
	 * Settings view, the chat's auto-approval controls, the welcome form) and the CLI's flags. The
	 * API and the IPC socket never send it.
	 */
	z.object({ type: z.literal("updateTrustSettings"), settings: cairnSettingsPatchSchema }),
	/**
	 * Store (or, without `apiKey`, delete) a key in the host's secret storage: the key of profile
	 * `profileId` (the current profile by default) for `provider`.
	 */
	z.object({
		type: z.literal("updateApiKey"),
		provider: providerNameSchema,
		profileId: profileIdSchema.optional(),
		apiKey: z.string().min(1).max(10_000).optional(),
	}),
	z.object({ type: z.literal("mode"), mode: z.string().min(1).max(100) }),
	/** Ask the host to open its image picker; it answers with `selectedImages`. */
	z.object({ type: z.literal("selectImages") }),
	/** Opens a workspace file a row names in the editor, at a line when the row knows one. */
	z.object({
		type: z.literal("openFile"),
		path: z.string().min(1).max(4096),
		line: z.number().int().positive().max(10_000_000).optional(),
	}),
	/**
	 * Restore the workspace's files to the checkpoint of the current task's `checkpoint_saved` row
	 * `ts`; `filesAndTask` also rewinds the task to that row (the rewound part is kept on disk).
	 */
	z.object({
		type: z.literal("checkpointRestore"),
		ts: messageTsSchema,
		mode: z.enum(["files", "filesAndTask"]),
	}),
	/**
	 * Show what changed since the checkpoint of row `ts` (`checkpoint`), or since the task's first
	 * checkpoint (`task`), up to the files as they are now. The host opens its diff view, where it
	 * has one, and answers with `checkpointDiff`.
	 */
	z.object({
		type: z.literal("checkpointDiff"),
		ts: messageTsSchema,
		since: z.enum(["checkpoint", "task"]),
	}),
	/**
	 * Rewind the current task to just before the person's message `ts`; with `restoreFiles`, the
	 * files go back to the checkpoint at that message too.
	 */
	z.object({ type: z.literal("deleteMessage"), ts: messageTsSchema, restoreFiles: z.boolean() }),
	/** Like deleteMessage, then sends `text` (and `images`) in its place. */
	z.object({
		type: z.literal("editMessage"),
		ts: messageTsSchema,
		restoreFiles: z.boolean(),
		text: userTextSchema.min(1, "the edited message is empty"),
		images: imagesSchema.optional(),
	}),
	/**
	 * The person's version of the current task's todo list (the whole list; empty clears it). The
	 * task records it as a `user_edit_todos` row, and the model sees it at its next request.
	 */
	z.object({ type: z.literal("updateTodoList"), todos: editedTodoListSchema }),
	/** Ask for the MCP servers now; the host answers with `mcpServers` (it also sends it after every change). */
	z.object({ type: z.literal("requestMcpServers") }),
	/** Stop the server and connect it again (a reconnect gone quiet, a server updated on disk). */
	z.object({
		type: z.literal("restartMcpServer"),
		serverName: mcpServerNameSchema,
		source: mcpSourceSchema,
	}),
	/** Turn a server off (`disabled: true`, its process ends) or on again; written to its config file. */
	z.object({
		type: z.literal("toggleMcpServer"),
		serverName: mcpServerNameSchema,
		source: mcpSourceSchema,
		disabled: z.boolean(),
	}),
	/**
	 * Add a server to the global or the project config file, under a name no server there has.
	 * It is checked as a hand-written entry is; a project file asks for the person's consent again.
	 */
	z.object({
		type: z.literal("addMcpServer"),
		serverName: mcpServerNameSchema,
		source: mcpSourceSchema,
		server: mcpServerInputSchema,
	}),
	/** Remove the server from its config file (the person confirmed it in the client). */
	z.object({
		type: z.literal("deleteMcpServer"),
		serverName: mcpServerNameSchema,
		source: mcpSourceSchema,
	}),
	/**
	 * "Always allow" on the waiting command ask `ts`: the host works the rules out again from the
	 * asked command and, only when they are `rules` (what the person was shown), adds them to the
	 * allowed commands in the person's settings and runs the command as Run does.
	 */
	z.object({
		type: z.literal("alwaysAllowCommand"),
		ts: messageTsSchema,
		rules: z.array(z.string().min(1).max(1000)).min(1).max(50),
	}),
	/** Let calls of one tool run without asking, or ask again; written to the config's `alwaysAllow`. */
	z.object({
		type: z.literal("toggleToolAlwaysAllow"),
		serverName: mcpServerNameSchema,
		source: mcpSourceSchema,
		toolName: z.string().min(1).max(500),
		alwaysAllow: z.boolean(),
	}),
	/** Open the global or the project config file in the editor (created with an empty `mcpServers` when missing). */
	z.object({ type: z.literal("openMcpSettings"), source: mcpSourceSchema }),
	/**
	 * Write a custom mode into a modes file, replacing the one with its slug (or with
	 * `previousSlug`, when the person renamed it); other modes and comments are kept.
	 */
	z.object({
		type: z.literal("saveCustomMode"),
		source: modesFileSchema,
		mode: customModeSchema,
		previousSlug: modeSlugSchema.optional(),
	}),
	z.object({ type: z.literal("deleteCustomMode"), source: modesFileSchema, slug: modeSlugSchema }),
	/** Save one mode as a modes file (YAML) through the host's save dialog. */
	z.object({ type: z.literal("exportMode"), slug: z.string().min(1).max(100) }),
	/** Add the modes of a modes file's text; nothing is added unless every mode in it is valid. */
	z.object({
		type: z.literal("importModes"),
		source: modesFileSchema,
		text: z.string().max(maxModesFileLength, `a modes file is at most ${maxModesFileLength} characters`),
	}),
	/** Open a modes file in the editor (created with no modes when missing). */
	z.object({ type: z.literal("openModesFile"), source: modesFileSchema }),
	/** Ask which other tools' instruction files are there now; the host answers with `instructionFilesFound`. */
	z.object({ type: z.literal("requestInstructionFiles") }),
	/** Ask for the slash commands as the command files are now; the host answers with `slashCommands`. */
	z.object({ type: z.literal("requestSlashCommands") }),
	/**
	 * The @-mention menu: the workspace's files and folders matching `query` (fuzzily), and the
	 * recent commits. The host answers with `fileSearchResults` carrying the same `requestId`.
	 */
	z.object({
		type: z.literal("searchFiles"),
		query: z.string().max(1_000, "a search is at most 1,000 characters"),
		requestId: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
	}),
	...profileMessageSchemas,
	...demoMessageSchemas,
	...importRequestSchemas,
	...modelRequestSchemas,
	...pagingRequestSchemas,
	...codebaseIndexRequestSchemas,
	...skillRequestSchemas,
	...boardRequestSchemas,
	...fleetRequestSchemas,
])
export type WebviewMessage = z.infer<typeof webviewMessageSchema>
export type WebviewMessageType = WebviewMessage["type"]
export type WebviewMessageOf<T extends WebviewMessageType> = Extract<WebviewMessage, { type: T }>

export const webviewMessageTypes: readonly WebviewMessageType[] = webviewMessageSchema.options.map(
	(option) => option.shape.type.value,
)

/** Turns anything a client sent into a typed message or a precise error; never throws. */
export function parseWebviewMessage(input: unknown): ParseResult<WebviewMessage> {
	return parseTagged(webviewMessageSchema, webviewMessageTypes, input)
}
