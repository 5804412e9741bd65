import { mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import {
	cairnSettingsSchema,
	type CairnSettings,
	type ClineAskFollowup,
	type ClineMessage,
	type ClineSayTool,
	type CommandExitInfo,
} from "@cairn/types"
import type { z } from "zod"
import { CommandKilled } from "../commands/commandKilled.js"
import { TaskCommands } from "../commands/taskCommands.js"
import type { EditSession, ProposedEdit } from "../host/Host.js"
import { NodeHost } from "../host/node/NodeHost.js"
import { editRestrictionOf } from "../modes/editRestriction.js"
import { modeFor } from "../modes/modes.js"
import type {
	ApprovalOutcome,
	ApprovalRequest,
	PersonFeedback,
	ToolContext,
} from "../tools/toolDefinition.js"
import { CairnIgnore, cairnIgnoreFile } from "../workspace/ignoreRules.js"
import { Transcript } from "../task/transcript.js"
import { recordingLogger, type LogEntry } from "./recordingLogger.js"
import { makeTempDir } from "./tempDir.js"

export type ScriptedApproval =
	| "approve"
	| "reject"
	| ((request: ApprovalRequest, index: number) => ApprovalOutcome | Promise<ApprovalOutcome>)

export interface TestToolContextOptions {
	/** Files to create before the context exists (workspace-relative path -> content). */
	files?: Record<string, string>
	/** The workspace's .cairnignore; also settable through `files`. */
	cairnignore?: string
	/** Default "approve". */
	approval?: ScriptedApproval
	/** Answers follow-up questions; default: the first suggestion. */
	followup?: (question: ClineAskFollowup) => PersonFeedback | Promise<PersonFeedback>
	/** Stands for the person editing a proposal in the diff view before approving it. */
	editBeforeSave?: (edit: ProposedEdit) => string
	settings?: z.input<typeof cairnSettingsSchema>
	/** Shorter kill timings keep tests of runaway commands fast. */
	killGraceMs?: number
	/** Default true. */
	modelTakesImages?: boolean
	/** The mode the tools run in, for its file restriction; default none (Code's). */
	mode?: string
}

export interface TestToolContext {
	context: ToolContext
	host: NodeHost
	workspace: string
	/** A folder beside the workspace, for "outside the workspace" cases. */
	outside: string
	approvals: ApprovalRequest[]
	followups: ClineAskFollowup[]
	/** Every chunk passed to commandOutput, in order. */
	commandOutput: string[]
	/** Every command end reported through commandEnded, in order. */
	commandExits: CommandExitInfo[]
	/** Every row passed to showUserEdits, in order. */
	userEdits: ClineSayTool[]
	/** Every call of showMcpResponse, in order. */
	mcpResponses: { text: string; partial: boolean }[]
	logs: LogEntry[]
	/** Plays the person choosing "Proceed While Running": aborts `context.proceedSignal`. */
	proceed(): void
	/** Cancels the task: aborts `context.signal`. */
	abort(): void
	/** Plays the person choosing "Kill Command": aborts `context.signal` with CommandKilled. */
	kill(): void
	/** The task's commands (`context.commands`), over `transcript`. */
	commands: TaskCommands
	/** The rows the tools showed through `commands` (background command rows). */
	transcript: Transcript
	/** Resolves with the first version of a row (by say) for which `test` holds, as rows change. */
	rowWhere(test: (message: ClineMessage) => boolean): Promise<ClineMessage>
	write(relative: string, content: string): Promise<void>
	read(relative: string): Promise<string>
	cleanup(): Promise<void>
}

/** A scripted host that lets a test play the person who edits a proposal before saving it. */
class EditingNodeHost extends NodeHost {
	editBeforeSave: ((edit: ProposedEdit) => string) | undefined

	override async previewEdit(edit: ProposedEdit): Promise<EditSession> {
		const session = await super.previewEdit(edit)
		const edited = this.editBeforeSave
		if (edited === undefined) return session
		return { ...session, finalContent: () => Promise.resolve(edited(edit)) }
	}
}

/**
 * A real ToolContext over a temp workspace and a real NodeHost: tools run against real files
 * and processes; only the person (approvals, answers, edits) is scripted and recorded.
 */
export async function createTestToolContext(options: TestToolContextOptions = {}): Promise<TestToolContext> {
	const temp = await makeTempDir("cairn-tools-")
	const workspace = path.join(temp.dir, "workspace")
	const outside = path.join(temp.dir, "outside")
	await mkdir(workspace, { recursive: true })
	await mkdir(outside, { recursive: true })
	const write = async (relative: string, content: string) => {
		const file = path.resolve(workspace, relative)
		await mkdir(path.dirname(file), { recursive: true })
		await writeFile(file, content)
	}
	for (const [relative, content] of Object.entries(options.files ?? {})) await write(relative, content)
	if (options.cairnignore !== undefined) await write(cairnIgnoreFile, options.cairnignore)

	const logger = recordingLogger()
	const host = new EditingNodeHost({
		workspaceRoot: workspace,
		storageDir: path.join(temp.dir, "storage"),
		logger,
		commands: { killGraceMs: options.killGraceMs ?? 300, closeGraceMs: 300 },
	})
	host.editBeforeSave = options.editBeforeSave
	const settings: CairnSettings = cairnSettingsSchema.parse(options.settings ?? {})
	const ignore = await CairnIgnore.load(workspace)
	const controller = new AbortController()
	const proceedController = new AbortController()
	const approvals: ApprovalRequest[] = []
	const followups: ClineAskFollowup[] = []
	const commandOutput: string[] = []
	const commandExits: CommandExitInfo[] = []
	const userEdits: ClineSayTool[] = []
	const mcpResponses: { text: string; partial: boolean }[] = []
	const approval = options.approval ?? "approve"
	const editRestriction = options.mode === undefined ? undefined : editRestrictionOf(modeFor(options.mode))
	const rowWatchers = new Set<(message: ClineMessage) => void>()
	const transcript = new Transcript((change) => {
		for (const watcher of rowWatchers) watcher(change.message)
	})
	const commands = new TaskCommands(transcript, { rowIntervalMs: 20 })
	const rowWhere = (test: (message: ClineMessage) => boolean) =>
		new Promise<ClineMessage>((resolve) => {
			const present = transcript.all.find(test)
			if (present !== undefined) return resolve(present)
			const watcher = (message: ClineMessage) => {
				if (!test(message)) return
				rowWatchers.delete(watcher)
				resolve(message)
			}
			rowWatchers.add(watcher)
		})

	const context: ToolContext = {
		host,
		settings,
		ignore,
		signal: controller.signal,
		proceedSignal: proceedController.signal,
		async approve(request) {
			approvals.push(request)
			if (approval === "approve") return { approved: true, automatic: false }
			if (approval === "reject") return { approved: false }
			return approval(request, approvals.length - 1)
		},
		async askFollowup(question) {
			followups.push(question)
			if (options.followup !== undefined) return options.followup(question)
			return { text: question.suggest[0]?.answer ?? "" }
		},
		commandOutput: (chunk) => commandOutput.push(chunk),
		commandEnded: (exit) => commandExits.push(exit),
		showUserEdits: (row) => userEdits.push(row),
		showMcpResponse: (text, partial) => mcpResponses.push({ text, partial }),
		modelTakesImages: options.modelTakesImages ?? true,
		...(editRestriction && { editRestriction }),
		commands,
	}

	return {
		context,
		host,
		workspace,
		outside,
		approvals,
		followups,
		commandOutput,
		commandExits,
		userEdits,
		mcpResponses,
		logs: logger.entries,
		abort: () => controller.abort(),
		kill: () => controller.abort(new CommandKilled()),
		commands,
		transcript,
		rowWhere,
		proceed: () => proceedController.abort(),
		write,
		read: (relative) => readFile(path.resolve(workspace, relative), "utf8"),
		cleanup: async () => {
			commands.stopAll()
			await commands.settled()
			await host.dispose()
			await temp.remove()
		},
	}
}
