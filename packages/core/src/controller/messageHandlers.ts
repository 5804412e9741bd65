import { stat } from "node:fs/promises"
import type { CairnSettingsPatch, WebviewMessage, WebviewMessageType } from "@cairn/types"
import { taskToMarkdown } from "../export/taskMarkdown.js"
import { codebaseIndexHandlers } from "./codebaseIndexHandlers.js"
import { skillHandlers } from "./skillHandlers.js"
import { commandRuleHandlers } from "./commandRuleHandlers.js"
import { boardHandlers } from "./boardHandlers.js"
import { checkpointChanges, restoreCheckpoint, rewindToMessage } from "./checkpointActions.js"
import type { Client, Handler, HandlerContext } from "./handlerContext.js"
import { instructionFileHandlers } from "./instructionFileHandlers.js"
import { mcpHandlers } from "./mcpHandlers.js"
import { mentionHandlers } from "./mentionHandlers.js"
import { modelListHandlers } from "./modelListHandlers.js"
import { modeHandlers, switchMode } from "./modeHandlers.js"
import { pagingHandlers } from "./paging/pagingHandlers.js"
import {
	answerAsPerson,
	postSlashCommands,
	slashCommandHandlers,
	startPersonTask,
} from "./slashCommandHandlers.js"
import { broadcastSettings, followCurrentProfile, profileHandlers } from "./profileHandlers.js"
import { endedByPerson } from "../subtasks/subtaskStack.js"
import { demoHandlers } from "../demo/demoHandlers.js"
import { importHandlers } from "./importHandlers.js"
import { fleetHandlers } from "./fleetHandlers.js"
import { resolveWorkspacePath } from "../workspace/workspacePaths.js"
import { textFor } from "./personText.js"

/** What follows a change of settings, however it came. */
async function settingsChanged(context: HandlerContext, patch: CairnSettingsPatch): Promise<void> {
	await broadcastSettings(context)
	if (patch.codebaseIndex !== undefined) await context.codebaseIndex.sync()
	// The settings form edits the current profile: the task on screen goes on with what it says.
	if (patch.provider !== undefined) await followCurrentProfile(context)
}

const notFound = (context: HandlerContext, reply: Client, message: WebviewMessage & { taskId: string }) =>
	reply({
		type: "error",
		code: "not_found",
		error: textFor(context)("history.noSuchTask", { taskId: message.taskId }),
		inReplyTo: message.type,
	})

/** One handler per client message type; the compiler checks that every type has one. */
export const messageHandlers: { [T in WebviewMessageType]: Handler<T> } = {
	webviewDidLaunch: async (context, _message, reply) => {
		await context.postState(reply)
		reply({ type: "mcpServers", ...context.mcpSnapshot() })
		reply({ type: "codebaseIndexStatus", status: context.codebaseIndex.status() })
		await postSlashCommands(context, reply)
	},
	requestState: async (context, _message, reply) => {
		await context.postState(reply)
	},
	newTask: async (context, message, reply) => {
		await startPersonTask(context, message.text, message.images ?? [], reply)
	},
	askResponse: async (context, message, reply) => {
		await answerAsPerson(context, message, reply)
	},
	clearTask: async (context) => {
		// A subtask on screen returns to its parent (which goes on); any other task ends with its stack.
		const closed = context.clearTask(endedByPerson)
		await context.postState()
		await closed
	},
	cancelTask: async (context) => {
		context.currentTask?.cancel()
	},
	condenseTaskContextRequest: async (context, message, reply) => {
		const task = context.currentTask
		if (task === undefined)
			return reply({
				type: "error",
				code: "failed",
				error: textFor(context)("task.nothingToCondense"),
				inReplyTo: message.type,
			})
		await task.condenseContext()
	},
	terminalOperation: async (context, message) => {
		context.currentTask?.terminalOperation(message.terminalOperation)
	},
	stopBackgroundCommand: async (context, message) => {
		await context.currentTask?.commands.stop(message.id, "person")
	},
	showTaskWithId: async (context, message, reply) => {
		if (!(await context.showTask(message.taskId))) return notFound(context, reply, message)
		await context.postState()
	},
	deleteTaskWithId: async (context, message, reply) => {
		if (!(await context.deleteTask(message.taskId))) return notFound(context, reply, message)
		await context.postState()
	},
	exportTaskWithId: async (context, message, reply) => {
		const record = await context.taskRecord(message.taskId)
		if (record === undefined) return notFound(context, reply, message)
		if (context.host.saveExport === undefined) {
			return reply({
				type: "error",
				code: "failed",
				error: textFor(context)("host.cannotExport"),
				inReplyTo: message.type,
			})
		}
		await context.host.saveExport(
			`cairn-task-${message.taskId}.md`,
			taskToMarkdown(record.item.task, record.messages, record.item),
		)
	},
	updateSettings: async (context, message) => {
		await context.settingsStore.updateEveryday(message.settings)
		await settingsChanged(context, message.settings)
	},
	updateTrustSettings: async (context, message) => {
		await context.settingsStore.update(message.settings)
		await settingsChanged(context, message.settings)
	},
	updateApiKey: async (context, message) => {
		await context.settingsStore.setApiKey(message.provider, message.apiKey, message.profileId)
		await broadcastSettings(context)
		await followCurrentProfile(context)
	},
	mode: async (context, message, reply) => {
		await switchMode(context, message.mode, reply)
	},
	checkpointRestore: async (context, message) => {
		await restoreCheckpoint(context, message.ts, message.mode)
	},
	checkpointDiff: async (context, message, reply) => {
		reply(await checkpointChanges(context, message.ts, message.since))
	},
	deleteMessage: async (context, message) => {
		await rewindToMessage(context, message.ts, { restoreFiles: message.restoreFiles })
	},
	editMessage: async (context, message) => {
		await rewindToMessage(context, message.ts, {
			restoreFiles: message.restoreFiles,
			replacement: { text: message.text, ...(message.images && { images: message.images }) },
		})
	},
	updateTodoList: async (context, message, reply) => {
		const task = context.currentTask
		if (task === undefined)
			return reply({
				type: "error",
				code: "failed",
				error: textFor(context)("task.noTodoList"),
				inReplyTo: message.type,
			})
		task.todos.editByPerson(message.todos)
	},
	selectImages: async (context, message, reply) => {
		if (context.host.selectImages === undefined) {
			return reply({
				type: "error",
				code: "failed",
				error: textFor(context)("host.noImagePicker"),
				inReplyTo: message.type,
			})
		}
		reply({ type: "selectedImages", images: await context.host.selectImages() })
	},
	openFile: async (context, message, reply) => {
		const failed = (error: string) =>
			reply({ type: "error", code: "failed", error, inReplyTo: message.type })
		const t = textFor(context)
		if (context.host.openFile === undefined) return failed(t("host.cannotOpenFiles"))
		const resolved = await resolveWorkspacePath(context.host.workspaceRoot, message.path)
		// Only the workspace's files open from the chat: a message cannot reach around the disk.
		if (!resolved.ok || resolved.path.isOutsideWorkspace)
			return failed(t("workspace.outside", { path: message.path }))
		const info = await stat(resolved.path.absolute).catch(() => undefined)
		if (info === undefined) return failed(t("workspace.missing", { path: message.path }))
		if (!info.isFile()) return failed(t("workspace.notAFile", { path: message.path }))
		await context.host.openFile(resolved.path.absolute, message.line)
	},
	...mcpHandlers,
	...modeHandlers,
	...slashCommandHandlers,
	...instructionFileHandlers,
	...mentionHandlers,
	...profileHandlers,
	...demoHandlers,
	...modelListHandlers,
	...pagingHandlers,
	...codebaseIndexHandlers,
	...skillHandlers,
	...commandRuleHandlers,
	...boardHandlers,
	...importHandlers,
	...fleetHandlers,
}
