import { randomUUID } from "node:crypto"
import { EventEmitter } from "node:events"
import {
	activeIntentOf,
	type ClineAskResponse,
	type ClineMessage,
	type TokenUsage,
	type ToolUsage,
} from "@cairn/types"
import type { AutoApprovalUsage } from "../approval/autoApproval.js"
import { dispatchToolUse } from "../assistant-message/dispatchToolUse.js"
import type { TurnOutput } from "../assistant-message/streamTurn.js"
import { ContextManager } from "../context/contextManager.js"
import { environmentDetails } from "../context/environmentDetails.js"
import { FileContextTracker } from "../context/fileContext/fileContextTracker.js"
import { markMentionsLeftOut } from "./mentionsLeftOutRow.js"
import { PersonMentions } from "../mentions/personMentions.js"
import { GovernanceSession } from "../governance/governanceSession.js"
import type { HookEngine } from "../hooks/hookEngine.js"
import { editRestrictionOf, editsLimitedIn } from "../modes/editRestriction.js"
import { builtInModeLookup, type ModeLookup } from "../modes/modeLookup.js"
import { responses } from "../prompts/responses.js"
import { SkippedFileNotices } from "../prompts/skippedFileNotices.js"
import type { ToolResultBlock, UserBlock } from "../providers/apiMessage.js"
import { returnedResultBlocks } from "../subtasks/taskSubtasks.js"
import { TaskTodos } from "../todos/taskTodos.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import { ApiHistory } from "./apiHistory.js"
import { AskChannel } from "./askChannel.js"
import { AskSettled, type AskAnswer } from "./askGate.js"
import { createCallContext } from "./callContext.js"
import { TaskBrowser } from "../browser/taskBrowser.js"
import { CommandKilled } from "../commands/commandKilled.js"
import { TaskCommands } from "../commands/taskCommands.js"
import { MistakeLimit } from "./mistakeLimit.js"
import { ModelRequests } from "./modelRequests.js"
import { OfferedTools } from "./offeredTools.js"
import { summarize } from "./requestSummary.js"
import { TaskCancelled } from "./taskCancelled.js"
import type { TaskEvents } from "./taskEvents.js"
import { endedWithCompletion, prepareReloadedTranscript } from "./reloadTranscript.js"
import { resumptionBlocks, taskBlocks } from "./resumption.js"
import { taskHookEngine } from "./taskHooks.js"
import { showCompletion, showFailedCall, skippedResult } from "./toolCallRows.js"
import type { ResumeOptions, TaskOptions, TaskStatus } from "./taskOptions.js"
import { Transcript } from "./transcript.js"
import { turnFrame } from "./turnFrame.js"
import { ToolUsageTracker } from "./toolUsageTracker.js"
import type { TaskLedger } from "../ledger/taskLedger.js"

/**
 * One task: the agent loop of seeds 003/004. The loop is a loop (a 1,000-turn task does not grow
 * the stack); every exit path leaves the API history consistent, so a cancelled task resumes.
 */
export class Task extends EventEmitter<TaskEvents> {
	readonly taskId: string
	readonly transcript: Transcript
	readonly history: ApiHistory
	readonly todos: TaskTodos
	/** Its background commands (they end with the task) and the logs of commands whose output was cut. */
	readonly commands: TaskCommands
	private readonly asks: AskChannel
	private readonly context: ContextManager
	private readonly requests: ModelRequests
	/** What the task (its subtasks included) spent: `ledger.totals`; it only grows. */
	readonly ledger: TaskLedger
	private readonly tools = new ToolUsageTracker()
	private readonly autoApprovalUsage: AutoApprovalUsage
	private mode: string
	private readonly offered: OfferedTools
	/** Seed 004: the intent this task works under, and the hooks every tool call goes through. */
	private readonly governance: GovernanceSession
	private readonly hooks: HookEngine
	private readonly fileContext: FileContextTracker
	private readonly mentions: PersonMentions
	private abortController = new AbortController()
	/** browser_action's session: closed when the task ends or is cancelled. */
	private readonly browser: TaskBrowser
	private readonly mistakes: MistakeLimit
	private readonly skippedFiles = new SkippedFileNotices()
	private firstTurn = true
	private status: TaskStatus = "idle"
	/** Results of the calls that finished in a turn that was then cancelled, kept for the resume. */
	private interruptedResults: ToolResultBlock[] = []
	private interruptedAt = 0
	/** The running tool call's own controls: Kill ends only it, Proceed lets it run on. */
	private currentCall: { kill: AbortController; proceed: AbortController } | undefined

	constructor(private readonly options: TaskOptions) {
		super()
		this.taskId = options.taskId ?? randomUUID()
		this.browser = new TaskBrowser(options.host.browser)
		const persistence = options.persistence
		const reloaded = prepareReloadedTranscript(options.saved?.messages ?? [])
		this.ledger = options.billing.ledger
		this.ledger.onChange(() => this.emit("taskTokenUsageUpdated", this.ledger.tokenUsage))
		this.transcript = new Transcript(
			(change) => {
				if (change.message.partial !== true && !change.passing)
					persistence?.messageFinal(change.message)
				this.emit("message", change)
			},
			reloaded.messages,
			() => ({ history: this.history.point() }),
		)
		for (const message of reloaded.changed) persistence?.messageFinal(message)
		this.todos = new TaskTodos(this.transcript)
		this.commands = new TaskCommands(this.transcript)
		this.history = new ApiHistory(
			options.saved?.apiHistory ?? [],
			(history, view) => persistence?.apiHistoryChanged(history, view),
			options.saved?.contextView,
		)
		this.asks = new AskChannel(this.transcript, this)
		const seat = { transcript: this.transcript, asks: this.asks, end: () => this.abandon() }
		this.autoApprovalUsage = { autoApproved: 0, spend: options.billing.budget.meter() }
		this.mistakes = new MistakeLimit(
			this.asks,
			this.transcript,
			() => options.settings().consecutiveMistakeLimit,
		)
		this.mentions = new PersonMentions(options.host, (leftOut) =>
			markMentionsLeftOut(this.transcript, leftOut),
		)
		this.context = new ContextManager({
			history: this.history,
			transcript: this.transcript,
			provider: options.provider,
			...(options.condensingProvider && { condensingProvider: options.condensingProvider }),
			settings: options.settings,
			logger: options.host.logger,
			...(persistence && { persisted: () => persistence.flushed() }),
			onSummaryUsage: (usage, cost, provider) =>
				options.billing.billed({ provider, usage, cost, purpose: "summary" }),
		})
		this.requests = new ModelRequests({
			taskId: this.taskId,
			provider: options.provider,
			logger: options.host.logger,
			transcript: this.transcript,
			history: this.history,
			context: this.context,
			asks: this.asks,
			settings: options.settings,
			...(options.retryBaseDelayMs !== undefined && { retryBaseDelayMs: options.retryBaseDelayMs }),
			beforeRequest: () => options.billing.budget.beforeRequest(seat),
			onUsage: (usage, cost) =>
				options.billing.billed({ provider: options.provider, usage, cost, purpose: "turn" }),
		})
		this.mode = options.mode
		this.offered = new OfferedTools(options)
		this.offered.offer(this.modes.mode(options.mode))
		const restored = activeIntentOf(reloaded.messages)?.id
		this.governance = new GovernanceSession(options.host.workspaceRoot, {
			...(restored !== undefined && { restoredIntentId: restored }),
			onIntentEnded: (intentId, reason) =>
				this.transcript.say("hook", {
					text: JSON.stringify({ kind: "intentEnded", intentId, reason }),
				}),
		})
		this.hooks = taskHookEngine({
			settings: options.settings,
			governance: this.governance,
			host: options.host,
		})
		this.fileContext = new FileContextTracker(options.host.workspaceRoot, {
			saved: options.saved?.fileContext,
			onStateChanged: (state) => persistence?.fileContextChanged?.(state),
			changes: () => options.checkpoints?.workspaceChanges?.(),
		})
	}

	get messages(): readonly ClineMessage[] {
		return this.transcript.all
	}

	get state(): TaskStatus {
		return this.status
	}

	private get modes(): ModeLookup {
		return this.options.modes ?? builtInModeLookup
	}

	get currentMode(): string {
		return this.mode
	}

	/** Works in `mode` from the next request on: its system prompt and its tools (seed 002's taskModeSwitched). */
	switchMode(mode: string): void {
		if (mode === this.mode) return
		this.mode = mode
		this.offered.offer(this.modes.mode(mode))
		this.emit("taskModeSwitched", mode)
	}

	get tokenUsage(): TokenUsage {
		return this.ledger.tokenUsage
	}

	get toolUsage(): ToolUsage {
		return this.tools.toolUsage
	}

	/**
	 * Runs the task from the person's first message until it completes, is cancelled or abandoned.
	 * `todos`: the list a parent task hands over (a Markdown checklist), the task's first list.
	 * `byModel`: a parent's model wrote the message (a subtask), so its @-mentions are not resolved.
	 */
	async startTask(
		text: string,
		images: string[] = [],
		start: { todos?: string; byModel?: boolean } = {},
	): Promise<void> {
		// Seed 002's order: taskCreated -> taskStarted -> message(s).
		this.status = "running"
		this.emit("taskStarted")
		this.transcript.say("text", {
			text,
			...(images.length > 0 && { images }),
			checkpoint: { history: this.history.point() },
		})
		if (start.todos !== undefined) this.todos.startWith(start.todos)
		if (start.byModel !== true) this.mentions.personWrote(text)
		this.options.checkpoints?.taskStarted()
		// On disk before the model is asked: a task killed while the model answers its first
		// request reopens from its first message (its API history may not have reached the disk).
		await this.options.persistence?.flushed()
		await this.initiateTaskLoop(taskBlocks(text, images))
	}

	/**
	 * Continues a task read back from disk: offers `resume_task` (or `resume_completed_task` when
	 * it had finished) and, on Resume or typed feedback, runs the loop on from a consistent history.
	 */
	async resumeFromHistory(options: ResumeOptions = {}): Promise<void> {
		this.status = "running"
		const first = this.transcript.all[0]
		if (options.fromFirstMessage && first !== undefined) {
			this.emit("taskStarted")
			this.options.checkpoints?.taskStarted()
			this.mentions.personWrote(first.text)
			await this.initiateTaskLoop(taskBlocks(first.text ?? "", first.images ?? []))
			return
		}
		this.firstTurn = false
		if (options.subtaskReturned !== undefined) {
			await this.initiateTaskLoop(
				returnedResultBlocks(this.history, this.transcript, options.subtaskReturned),
			)
			return
		}
		const completed = endedWithCompletion(this.transcript.all)
		this.interruptedAt = this.transcript.last?.ts ?? Date.now()
		this.mentions.personWrote(options.continueWith?.text)
		const next =
			options.continueWith !== undefined
				? this.resumedWith({ response: "messageResponse", ...options.continueWith })
				: options.atOnce === true && !completed
					? this.resumedWith({ response: "yesButtonClicked" })
					: await this.askToResume(completed ? "resume_completed_task" : "resume_task")
		if (next !== undefined) await this.initiateTaskLoop(next)
	}

	/** The ts of the ask waiting for the person, if any. */
	get waitingAskTs(): number | undefined {
		return this.asks.waitingTs
	}

	/** The person's answer to the current ask. False when no ask is waiting (a stale click). */
	handleWebviewAskResponse(response: ClineAskResponse, extras: Omit<AskAnswer, "response"> = {}): boolean {
		const accepted = this.asks.answer({ response, ...extras })
		if (accepted && extras.automatic !== true) this.mentions.personWrote(extras.text)
		return accepted
	}

	/** The answer to a running command's `command_output` row. */
	terminalOperation(operation: "continue" | "abort"): boolean {
		const call = this.currentCall
		if (call === undefined) return false
		if (operation === "abort") call.kill.abort(new CommandKilled())
		else call.proceed.abort()
		return true
	}

	/**
	 * Condenses the conversation now, whatever its size (the person asked for it). Shows a
	 * `condense_context` row, or a `condense_context_error` row saying why it could not.
	 */
	async condenseContext(): Promise<void> {
		await this.context.condenseNow(this.abortController.signal)
	}

	/** Resolves when no checkpoint of the task is being saved (a save runs on a little after the task stops). */
	checkpointsSettled(): Promise<void> {
		return this.options.checkpoints?.settled() ?? Promise.resolve()
	}

	/** Stops what the task is doing; it then offers to resume (`resume_task`). */
	cancel(): void {
		if (this.status !== "running") return
		this.status = "cancelled"
		this.abortController.abort(new TaskCancelled())
		void this.browser.close()
		this.commands.stopAll()
		this.asks.cancel()
	}

	/** Ends the task for good (clearTask / newTask): nothing more runs and nothing is offered. */
	abandon(): void {
		const wasRunning = this.status === "running"
		this.status = "abandoned"
		this.abortController.abort(new TaskCancelled())
		void this.browser.close()
		this.commands.stopAll()
		this.asks.close()
		if (wasRunning) this.emit("taskAborted")
	}

	private async initiateTaskLoop(userContent: UserBlock[]): Promise<void> {
		this.status = "running"
		this.emit("taskActive")
		let next: UserBlock[] | undefined = userContent
		try {
			while (next !== undefined) {
				try {
					next = await this.recursivelyMakeClineRequests(next)
				} catch (error) {
					if (!this.isCancellation(error)) throw error
					next = await this.offerResume()
				}
			}
		} finally {
			await this.browser.close()
		}
	}

	private isCancellation(error: unknown): boolean {
		return (
			error instanceof TaskCancelled ||
			error instanceof AskSettled ||
			this.abortController.signal.aborted
		)
	}

	/**
	 * The turns of the loop: request, stream, run tools, repeat. Returns when the task ends;
	 * throws when it is cancelled (the caller offers to resume).
	 */
	private async recursivelyMakeClineRequests(initial: UserBlock[]): Promise<undefined> {
		let userContent = initial
		for (;;) {
			userContent = await this.mistakes.check(userContent)
			await this.offered.awaitStartingServers(
				this.modes.mode(this.mode),
				this.transcript,
				this.abortController.signal,
			)
			// Read once per turn: the prompt, the environment details and the turn's tools share it.
			const ignore = await CairnIgnore.load(this.options.host.workspaceRoot)
			const details = await environmentDetails({
				host: this.options.host,
				ignore,
				mode: this.mode,
				includeListing: this.firstTurn,
				seen: this.history.forModel,
				fileContext: this.fileContext,
				todoList: this.todos.reminder(),
				backgroundCommands: this.commands.runningLines(),
			})
			this.firstTurn = false
			// Capped here, where every turn's content passes (results kept across a cancel too).
			this.history.pushUser(
				await this.context.capResults([
					...userContent,
					...(await this.mentions.take()),
					...(details === undefined ? [] : [{ type: "text" as const, text: details }]),
				]),
			)
			const output = await this.attemptApiRequest(summarize(userContent), ignore)
			this.history.pushAssistant(output.assistantBlocks(true))

			if (output.toolUses.length === 0) {
				this.mistakes.made()
				userContent = [{ type: "text", text: responses.noToolsUsed() }]
				continue
			}
			const next = await this.runTools(output, ignore)
			if (next === undefined) return undefined
			if (this.abortController.signal.aborted) {
				// Cancelled while a tool ran: keep the results for the resume, send nothing now.
				this.interruptedResults = next.filter((block) => block.type === "tool_result")
				throw new TaskCancelled()
			}
			userContent = next
		}
	}

	/** One model request (with its retries) for the turn: the system prompt and tools of this mode. */
	private async attemptApiRequest(requestSummary: string, ignore: CairnIgnore): Promise<TurnOutput> {
		const frame = await turnFrame({
			host: this.options.host,
			settings: this.options.settings,
			mode: () => this.mode,
			modes: this.modes,
			offered: this.offered,
			browser: this.browser,
			governance: this.governance,
			skippedFiles: this.skippedFiles,
			transcript: this.transcript,
			ignore,
			contextFiles: this.fileContext.trackedPaths,
		})
		return this.requests.attempt({
			summary: requestSummary,
			tools: this.offered.tools,
			signal: this.abortController.signal,
			frame,
		})
	}

	/** Runs the turn's tool calls in order; undefined when the task completed. */
	private async runTools(output: TurnOutput, ignore: CairnIgnore): Promise<UserBlock[] | undefined> {
		const results: ToolResultBlock[] = []
		let skipReason: string | undefined
		const beforeChange = this.options.checkpoints?.forTurn()
		this.interruptedResults = results
		for (const use of output.toolUses) {
			if (skipReason !== undefined) {
				results.push(skippedResult(use.id, skipReason))
				continue
			}
			const previewTs = output.previewRow?.callId === use.id ? output.previewRow.ts : undefined
			const call = { kill: new AbortController(), proceed: new AbortController() }
			this.currentCall = call
			// Per call: the person may switch the mode while the turn's calls run.
			const editRestriction = editRestrictionOf(this.modes.mode(this.mode))
			const modeMayNotEdit = editsLimitedIn(this.modes.mode(this.mode))
			const { context, approval, person } = createCallContext({
				toolName: use.name,
				host: this.options.host,
				settings: this.options.settings(),
				ignore,
				transcript: this.transcript,
				asks: this.asks,
				autoApprovalUsage: this.autoApprovalUsage,
				previewTs,
				signal: AbortSignal.any([this.abortController.signal, call.kill.signal]),
				proceedSignal: call.proceed.signal,
				intents: this.governance,
				fileContext: this.fileContext,
				todos: this.todos,
				commands: this.commands,
				...(this.options.codebaseSearch && { codebaseSearch: this.options.codebaseSearch }),
				modelTakesImages: this.options.provider.model.info.supportsImages,
				...(beforeChange && { beforeChange }),
				...(editRestriction && { editRestriction }),
				...(modeMayNotEdit && { modeMayNotEdit }),
				modes: this.modes,
				taskMode: { current: this.mode, switchTo: (mode) => this.switchMode(mode) },
				browser: this.browser,
				...(this.options.subtasks && {
					subtasks: this.options.subtasks.forCall(this, use.id, this.abortController.signal),
				}),
			})
			this.options.host.logger.debug("Tool call", { taskId: this.taskId, tool: use.name })
			const toolCall = this.options.telemetry?.toolStarted(use)
			const outcome = await dispatchToolUse(use, {
				tools: this.offered.tools,
				context,
				approval,
				taskSignal: this.abortController.signal,
				hooks: this.hooks,
				hookRun: {
					...person,
					taskId: this.taskId,
					modelId: this.options.provider.model.id,
					signal: this.abortController.signal,
				},
			}).finally(() => {
				this.currentCall = undefined
			})
			toolCall?.ended(outcome)
			// A preview row the call never turned into an ask becomes the error, the result, or a note.
			const stalePreview =
				previewTs !== undefined && this.transcript.all.some((m) => m.ts === previewTs && m.partial)
			if (outcome.toolName) this.tools.record(outcome.toolName, outcome.failed)
			if (outcome.failed) {
				this.mistakes.made()
				if (outcome.toolName) this.emit("taskToolFailed", outcome.toolName, outcome.error ?? "failed")
				showFailedCall(this.transcript, outcome, use.name, {
					stalePreviewTs: stalePreview ? previewTs : undefined,
					decidedTs: approval.decidedTs,
				})
			} else if (stalePreview && !outcome.completesTask) {
				output.abandonPreview(this.transcript, "skipped")
			} else if (!outcome.rejected) this.mistakes.succeeded()

			if (outcome.completesTask) {
				const feedback = await this.presentCompletion(
					outcome.result,
					stalePreview ? previewTs : undefined,
				)
				if (feedback === undefined) {
					this.status = "completed"
					return undefined
				}
				results.push({
					...outcome.result,
					content: [{ type: "text", text: responses.completionFeedback(feedback) }],
				})
				skipReason = "the user gave feedback on the result first"
				continue
			}
			results.push(outcome.result)
			if (outcome.rejected) skipReason = "the user rejected the previous tool call"
			// Seed 004: new_task is isolated; what the model planned after it predates the subtask's result.
			else if (use.name === "new_task")
				skipReason = "new_task must be the last tool call of its message"
		}
		// The turn's checkpoint commits while its calls run; the model hears of them once it has.
		await this.options.checkpoints?.settled()
		this.interruptedResults = []
		return results
	}

	/** Shows the result and waits: feedback continues the task, New Task ends it. */
	private async presentCompletion(
		result: ToolResultBlock,
		previewTs?: number,
	): Promise<string | undefined> {
		// The result is shown over a journal that holds all before it: a save that failed has
		// stopped the task by now, and no completion may be written behind the hole.
		await this.options.persistence?.flushed()
		if (this.abortController.signal.aborted) throw new TaskCancelled()
		showCompletion(this.transcript, result, previewTs)
		this.emit("taskCompleted", this.ledger.tokenUsage, this.tools.toolUsage)
		// Shown its result, the task is complete; feedback below makes it run again.
		this.status = "completed"
		this.commands.stopAll()
		if (this.options.returnsToParent) return undefined
		const answer = await this.asks.ask("completion_result", "")
		if (answer.response !== "messageResponse" || !answer.text) return undefined
		this.transcript.say("user_feedback", {
			text: answer.text,
			...(answer.images && { images: answer.images }),
		})
		this.status = "running"
		return answer.text
	}

	/** What the loop goes on with after a pause: the interrupted calls' results, why it paused, the person's words. */
	private resumedWith(answer: AskAnswer): UserBlock[] {
		const resumed = resumptionBlocks({
			transcript: this.transcript.all,
			modelHasSeenTask: this.history.length > 0,
			interrupted: this.interruptedResults,
			pausedMs: Date.now() - this.interruptedAt,
			answer,
		})
		this.interruptedResults = []
		if (answer.text)
			this.transcript.say("user_feedback", {
				text: answer.text,
				...(answer.images && { images: answer.images }),
			})
		this.emit("taskStarted")
		return resumed
	}

	/** After a cancel: offer `resume_task`; on Resume, continue from a consistent history. */
	private async offerResume(): Promise<UserBlock[] | undefined> {
		if (this.status === "abandoned") return undefined
		this.transcript.finalizePartial()
		this.interruptedAt = Date.now()
		this.emit("taskAborted")
		this.abortController = new AbortController()
		this.status = "running"
		return this.askToResume("resume_task")
	}

	/** The content the loop continues with, or undefined when the person ended the task instead. */
	private async askToResume(
		ask: "resume_task" | "resume_completed_task",
	): Promise<UserBlock[] | undefined> {
		try {
			const answer = await this.asks.ask(ask, "")
			if (answer.response === "noButtonClicked") throw new AskSettled("cancelled")
			// A finished task goes on only when the person says what to do next.
			if (ask === "resume_completed_task" && !answer.text) throw new AskSettled("cancelled")
			return this.resumedWith(answer)
		} catch (error) {
			if (error instanceof AskSettled) {
				this.status = "abandoned"
				return undefined
			}
			throw error
		}
	}
}
