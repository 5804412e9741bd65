import { stat } from "node:fs/promises"
import type { CairnSettingsPatch, WebviewMessage, WebviewMessageOf, WebviewMessageType } from "@cairn/types"
import { taskToMarkdown } from "../export/taskMarkdown.js"
import { codebaseIndexHandlers } from "./codebaseIndexHandlers.js"
import { commandRuleHandlers } from "./commandRuleHandlers.js"
import { boardHandlers } from "./boardHandlers.js"
import { checkpointChanges, restoreCheckpoint, rewindToMessage } from "./checkpointActions.js"
import type { Client, Controller } from "./Controller.js"
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
import { resolveWorkspacePath } from "../workspace/workspacePaths.js"
import { textFor } from "./personText.js"

export type Handler<T extends WebviewMessageType> = (
	controller: Controller,
	message: WebviewMessageOf<T>,
	reply: Client,
) => Promise<void>

/** What follows a change of settings, however it came. */
async function settingsChanged(controller: Controller, patch: CairnSettingsPatch): Promise<void> {
	await broadcastSettings(controller)
	if (patch.codebaseIndex !== undefined) await controller.codebaseIndex.sync()
	// The settings form edits the current profile: the task on screen goes on with what it says.
	if (patch.provider !== undefined) await followCurrentProfile(controller)
}

const notFound = (controller: Controller, reply: Client, message: WebviewMessage & { taskId: string }) =>
	reply({
		type: "error",
		code: "not_found",
		error: textFor(controller)("history.noSuchTask", { taskId: message.taskId }),
		inReplyTo: message.type,
	})

/** One handler per client message type; the compiler checks that every type has one. */
export const messageHandlers: { [T in WebviewMessageType]: Handler<T> } = {
	webviewDidLaunch: async (controller, _message, reply) => {
		await controller.postState(reply)
		reply({ type: "mcpServers", ...controller.mcpSnapshot() })
		reply({ type: "codebaseIndexStatus", status: controller.codebaseIndex.status() })
		await postSlashCommands(controller, reply)
	},
	requestState: async (controller, _message, reply) => {
		await controller.postState(reply)
	},
	newTask: async (controller, message, reply) => {
		await startPersonTask(controller, message.text, message.images ?? [], reply)
	},
	askResponse: async (controller, message, reply) => {
		await answerAsPerson(controller, message, reply)
	},
	clearTask: async (controller) => {
		// A subtask on screen returns to its parent (which goes on); any other task ends with its stack.
		const closed = controller.clearTask(endedByPerson)
		await controller.postState()
		await closed
	},
	cancelTask: async (controller) => {
		controller.currentTask?.cancel()
	},
	condenseTaskContextRequest: async (controller, message, reply) => {
		const task = controller.currentTask
		if (task === undefined)
			return reply({
				type: "error",
				code: "failed",
				error: textFor(controller)("task.nothingToCondense"),
				inReplyTo: message.type,
			})
		await task.condenseContext()
	},
	terminalOperation: async (controller, message) => {
		controller.currentTask?.terminalOperation(message.terminalOperation)
	},
	showTaskWithId: async (controller, message, reply) => {
		if (!(await controller.showTask(message.taskId))) return notFound(controller, reply, message)
		await controller.postState()
	},
	deleteTaskWithId: async (controller, message, reply) => {
		if (!(await controller.deleteTask(message.taskId))) return notFound(controller, reply, message)
		await controller.postState()
	},
	exportTaskWithId: async (controller, message, reply) => {
		const record = await controller.taskRecord(message.taskId)
		if (record === undefined) return notFound(controller, reply, message)
		if (controller.host.saveExport === undefined) {
			return reply({
				type: "error",
				code: "failed",
				error: textFor(controller)("host.cannotExport"),
				inReplyTo: message.type,
			})
		}
		await controller.host.saveExport(
			`cairn-task-${message.taskId}.md`,
			taskToMarkdown(record.item.task, record.messages),
		)
	},
	updateSettings: async (controller, message) => {
		await controller.settingsStore.updateEveryday(message.settings)
		await settingsChanged(controller, message.settings)
	},
	updateTrustSettings: async (controller, message) => {
		await controller.settingsStore.update(message.settings)
		await settingsChanged(controller, message.settings)
	},
	updateApiKey: async (controller, message) => {
		await controller.settingsStore.setApiKey(message.provider, message.apiKey, message.profileId)
		await broadcastSettings(controller)
		await followCurrentProfile(controller)
	},
	mode: async (controller, message, reply) => {
		await switchMode(controller, message.mode, reply)
	},
	checkpointRestore: async (controller, message) => {
		await restoreCheckpoint(controller, message.ts, message.mode)
	},
	checkpointDiff: async (controller, message, reply) => {
		reply(await checkpointChanges(controller, message.ts, message.since))
	},
	deleteMessage: async (controller, message) => {
		await rewindToMessage(controller, message.ts, { restoreFiles: message.restoreFiles })
	},
	editMessage: async (controller, message) => {
		await rewindToMessage(controller, message.ts, {
			restoreFiles: message.restoreFiles,
			replacement: { text: message.text, ...(message.images && { images: message.images }) },
		})
	},
	updateTodoList: async (controller, message, reply) => {
		const task = controller.currentTask
		if (task === undefined)
			return reply({
				type: "error",
				code: "failed",
				error: textFor(controller)("task.noTodoList"),
				inReplyTo: message.type,
			})
		task.todos.editByPerson(message.todos)
	},
	selectImages: async (controller, message, reply) => {
		if (controller.host.selectImages === undefined) {
			return reply({
				type: "error",
				code: "failed",
				error: textFor(controller)("host.noImagePicker"),
				inReplyTo: message.type,
			})
		}
		reply({ type: "selectedImages", images: await controller.host.selectImages() })
	},
	openFile: async (controller, message, reply) => {
		const failed = (error: string) =>
			reply({ type: "error", code: "failed", error, inReplyTo: message.type })
		const t = textFor(controller)
		if (controller.host.openFile === undefined) return failed(t("host.cannotOpenFiles"))
		const resolved = await resolveWorkspacePath(controller.host.workspaceRoot, message.path)
		// Only the workspace's files open from the chat: a message cannot reach around the disk.
		if (!resolved.ok || resolved.path.isOutsideWorkspace)
			return failed(t("workspace.outside", { path: message.path }))
		const info = await stat(resolved.path.absolute).catch(() => undefined)
		if (info === undefined) return failed(t("workspace.missing", { path: message.path }))
		if (!info.isFile()) return failed(t("workspace.notAFile", { path: message.path }))
		await controller.host.openFile(resolved.path.absolute, message.line)
	},
	...mcpHandlers,
	...modeHandlers,
	...slashCommandHandlers,
	...mentionHandlers,
	...profileHandlers,
	...modelListHandlers,
	...pagingHandlers,
	...codebaseIndexHandlers,
	...commandRuleHandlers,
	...boardHandlers,
}
