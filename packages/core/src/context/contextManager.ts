import { contextUsageOf, type CairnSettings, type Notice, type Problem } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import type { ApiMessage, UserBlock } from "../providers/apiMessage.js"
import type { ApiUsageChunk, ModelProvider, ToolSpec } from "../providers/modelProvider.js"
import type { ProviderError } from "../providers/providerError.js"
import type { ApiHistory } from "../task/apiHistory.js"
import type { Transcript } from "../task/transcript.js"
import { type ContextBudget, contextBudget } from "./contextBudget.js"
import { ContextLedger } from "./contextLedger.js"
import { type ContextView, viewMessages } from "./contextView.js"
import { earliestCutWithin } from "./cutPoints.js"
import { summarizeConversation } from "./summarizeConversation.js"
import { TokenCounter } from "./tokenCounter.js"
import { capToolResults, resultsSurelyUnderCap } from "./toolResultCap.js"

/** What a request holds besides the history: it takes its share of the window too. */
export interface RequestFrame {
	systemPrompt: string
	tools: readonly ToolSpec[]
}

/** The request would not fit even after everything that can be dropped was. Never sent. */
export class ContextTooLargeError extends Error {
	override readonly name = "ContextTooLargeError"

	constructor(
		message: string,
		/** The same, as a kind and figures a client words in the person's language. */
		readonly problem: Problem,
	) {
		super(message)
	}
}

export interface ContextManagerOptions {
	history: ApiHistory
	transcript: Transcript
	/** The task's model: its window is the one that matters. */
	provider: ModelProvider
	/** The model that writes summaries; the task's own when unset. */
	condensingProvider?: ModelProvider
	settings: () => CairnSettings
	logger: Logger
	/** A summarization request's usage, for the task's ledger (`provider`: the model that wrote it). */
	onSummaryUsage: (usage: Omit<ApiUsageChunk, "type">, cost: number, provider: ModelProvider) => void
	/** Resolves once the history's changes so far are on disk. */
	persisted?: () => Promise<void>
}

type Reason = "automatic" | "manual" | "overflow"

const formatTokens = (n: number): string => n.toLocaleString("en-US")

const noFrame: RequestFrame = { systemPrompt: "", tools: [] }

/**
 * Keeps each request inside the model's window (issue 14): it condenses the older part of the
 * conversation into a summary past the threshold, drops the oldest turns when condensing fails
 * or is not enough, caps tool results, and recovers from a provider's overflow error. The Task
 * calls it around each request; everything it decides is a view over the full history.
 */
export class ContextManager {
	private readonly ledger = new ContextLedger()
	private frame: RequestFrame | undefined
	/** The frame's tokens as last shown, while this process has built no frame (see shownFrameTokens). */
	private shownFrame: number | undefined
	/** Messages in the history when it last condensed: a new answer must come before the next. */
	private condensedAt = -1
	/** The last request overflowed and nothing could be dropped then: the next one must shrink. */
	private mustShrink = false
	/** The window the provider said it has, when smaller than what Cairn was told. */
	private providerWindow: number | undefined
	/** One change of the view at a time: a manual condense may arrive while a turn runs. */
	private busy: Promise<unknown> = Promise.resolve()

	constructor(private readonly options: ContextManagerOptions) {}

	get budget(): ContextBudget {
		const info = this.options.provider.model.info
		const contextWindow = Math.min(info.contextWindow, this.providerWindow ?? Infinity)
		return contextBudget({ ...info, contextWindow }, this.options.settings().autoCondenseContextPercent)
	}

	/** Tool results as they should enter the history: none bigger than its share of the window. */
	async capResults(blocks: UserBlock[]): Promise<UserBlock[]> {
		if (!blocks.some((block) => block.type === "tool_result")) return blocks
		const cap = this.budget.toolResultCap
		if (resultsSurelyUnderCap(blocks, cap)) return blocks
		return capToolResults(blocks, cap, await TokenCounter.load())
	}

	/**
	 * Makes the next request fit: condenses or truncates as needed and returns the messages to
	 * send. Throws ContextTooLargeError when even the smallest view does not fit.
	 */
	async fit(frame: RequestFrame, signal: AbortSignal): Promise<readonly ApiMessage[]> {
		this.frame = frame
		return this.exclusive(async () => {
			const budget = this.budget
			const settings = this.options.settings()
			const limit = settings.autoCondenseContext ? budget.threshold : budget.usable
			if (!this.mustShrink && this.surelyFits(frame, limit)) {
				this.ledger.sendingUncounted()
				return this.options.history.forModel
			}
			const counter = await TokenCounter.load()
			if (this.mustShrink) {
				this.mustShrink = false
				if (!(await this.shrink("overflow", counter, signal))) throw this.tooLarge(counter)
			}
			// Counted once when nothing needs dropping, as at nearly every turn: counting walks the history.
			let estimate = counter.request({ ...frame, messages: this.options.history.forModel })
			if (this.ledger.expected(estimate) > limit) {
				if (settings.autoCondenseContext && this.answeredSinceCondense())
					await this.condense("automatic", counter, signal)
				// Condensing must leave room to grow, or the next turn would condense again.
				if (this.expected(counter) > limit) this.truncate(Math.floor(limit * 0.75), counter)
				estimate = counter.request({ ...frame, messages: this.options.history.forModel })
			}
			const messages = this.options.history.forModel
			if (this.ledger.expected(estimate) > budget.usable) throw this.tooLarge(counter)
			this.ledger.sending(estimate)
			return messages
		})
	}

	/** The provider's count of the request just answered. */
	reported(usage: Omit<ApiUsageChunk, "type">): void {
		const prompt = usage.inputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0)
		this.ledger.reported(prompt)
	}

	/**
	 * The request did not fit after all. Shrinks the view now; true when it did, so one automatic
	 * retry sends something smaller. When nothing could be dropped, the next request must shrink
	 * first: the same request is never sent twice.
	 */
	async overflowed(failure: ProviderError, signal: AbortSignal): Promise<boolean> {
		// The provider knows its window better than a setting or a catalog: believe it from now on.
		const stated = failure.details.contextWindow
		if (stated !== undefined && stated < this.budget.window) this.providerWindow = stated
		this.ledger.overflowed(failure.details.promptTokens, this.budget.window)
		return this.exclusive(async () => {
			const shrunk = await this.shrink("overflow", await TokenCounter.load(), signal)
			this.mustShrink = !shrunk
			return shrunk
		})
	}

	/** The person asked: condense now, whatever the size. Reports in the transcript either way. */
	async condenseNow(signal: AbortSignal): Promise<void> {
		await this.exclusive(async () => {
			const counter = await TokenCounter.load()
			if (!this.answeredSinceCondense()) {
				this.options.transcript.say("condense_context_error", {
					text: "Nothing to condense: the conversation has not grown since it was last condensed.",
					notice: { kind: "condense_nothing_new" },
				})
				return
			}
			await this.condense("manual", counter, signal)
		})
	}

	private exclusive<T>(work: () => Promise<T>): Promise<T> {
		const run = this.busy.then(work, work)
		this.busy = run.catch(() => undefined)
		return run
	}

	/**
	 * Whether the request fits with room to spare, told without the tokenizer: the byte bound
	 * counts at least as much as the tokenizer in every part, so the ledger's figure for it is at
	 * least the counted one's. Only within half the limit: the first counted request then has
	 * room for a provider that counts more than the local tokenizer before the ledger has
	 * calibrated against it.
	 */
	private surelyFits(frame: RequestFrame, limit: number): boolean {
		const bound = TokenCounter.upperBound().request({ ...frame, messages: this.options.history.forModel })
		return this.ledger.expected(bound) <= limit / 2
	}

	/** Tokens of the next request under the current view, as the provider would count them. */
	private expected(counter: TokenCounter, view?: ContextView): number {
		const messages =
			view === undefined ? this.options.history.forModel : viewMessages(this.options.history.all, view)
		if (this.frame !== undefined)
			return this.ledger.expected(counter.request({ ...this.frame, messages }))
		return (
			this.ledger.expected(counter.request({ ...noFrame, messages })) + this.shownFrameTokens(counter)
		)
	}

	/**
	 * The system prompt's and tools' tokens before this process has built them (a task read back
	 * from disk and condensed before its next request): what the context bar shows, the newest
	 * request's count or what the last condense left, less the messages that count held, which
	 * are the view up to the model's newest answer. Without it a condense's figures would be the
	 * messages' alone, a tenth of the bar's beside it.
	 */
	private shownFrameTokens(counter: TokenCounter): number {
		if (this.shownFrame !== undefined) return this.shownFrame
		const shown = contextUsageOf(this.options.transcript.all).tokens
		const messages = this.options.history.forModel
		const answered = messages.findLastIndex((message) => message.role === "assistant")
		const counted = counter.request({ ...noFrame, messages: messages.slice(0, answered + 1) })
		this.shownFrame = shown === undefined || answered < 0 ? 0 : Math.max(0, shown - counted)
		return this.shownFrame
	}

	private answeredSinceCondense(): boolean {
		const all = this.options.history.all
		for (let i = all.length - 1; i > this.condensedAt && i > 0; i--)
			if (all[i]?.role === "assistant") return true
		return false
	}

	/**
	 * After an overflow: condense when it may, then (or instead) drop turns until the request is
	 * at most half the usable window and well under what was refused.
	 */
	private async shrink(reason: Reason, counter: TokenCounter, signal: AbortSignal): Promise<boolean> {
		const before = this.options.history.view
		const refused = this.expected(counter)
		if (this.options.settings().autoCondenseContext && this.answeredSinceCondense())
			await this.condense(reason, counter, signal)
		const target = Math.floor(Math.min(this.budget.usable * 0.5, refused * 0.6))
		if (this.expected(counter) > target) this.truncate(target, counter)
		return this.options.history.view !== before
	}

	/** One summarization request; false (with a row saying why) when it failed or did not help. */
	private async condense(reason: Reason, counter: TokenCounter, signal: AbortSignal): Promise<boolean> {
		const { history, transcript } = this.options
		const all = history.all
		const view = history.view
		const budget = this.budget
		// Keep the newest quarter of the usable window as it is; summarize what lies before it.
		const keepFrom = earliestCutWithin(all, view, Math.floor(budget.usable * 0.25), counter)
		if (keepFrom === undefined) {
			if (reason === "manual")
				transcript.say("condense_context_error", {
					text: "Nothing to condense yet: the conversation is only the task and the latest turn.",
					notice: { kind: "condense_nothing_yet" },
				})
			return false
		}
		const row = transcript.say(
			"condense_context",
			{ text: "Condensing the conversation…", notice: { kind: "condensing" } },
			true,
		)
		const fail = (text: string, notice: Notice) => {
			transcript.update(row.ts, { say: "condense_context_error", text, notice, partial: false })
			this.options.logger.debug("Condensing failed", { reason: text })
			return false
		}
		const prevContextTokens = this.expected(counter)
		const provider = this.options.condensingProvider ?? this.options.provider
		let summary
		try {
			summary = await summarizeConversation({
				provider,
				...(view.summary !== undefined && { previousSummary: view.summary }),
				messages: all.slice(view.keepFrom, keepFrom),
				counter,
				idleTimeoutMs: this.options.settings().requestIdleTimeoutMs,
				signal,
				spent: (usage, cost) => this.options.onSummaryUsage(usage, cost, provider),
			})
		} catch (error) {
			if (signal.aborted) {
				transcript.update(row.ts, {
					say: "condense_context_error",
					text: "Condensing was cancelled.",
					notice: { kind: "condense_cancelled" },
					partial: false,
				})
				throw error
			}
			const said = error instanceof Error ? error.message : String(error)
			return fail(`The summarization request failed: ${said}`, {
				kind: "condense_failed",
				params: { said },
			})
		}
		const condensed: ContextView = { keepFrom, summary: summary.text, omitted: 0 }
		const newContextTokens = this.expected(counter, condensed)
		if (newContextTokens >= prevContextTokens)
			return fail(
				`The summary would not make the context smaller (${formatTokens(prevContextTokens)} → ${formatTokens(newContextTokens)} tokens), so it was not used.`,
				{
					kind: "condense_not_smaller",
					params: { before: prevContextTokens, after: newContextTokens },
				},
			)
		history.setView(condensed)
		this.ledger.viewChanged()
		this.condensedAt = all.length - 1
		// Shown as done once it is on disk: a task killed after that resumes condensed.
		await this.options.persisted?.()
		transcript.update(row.ts, {
			text: "",
			partial: false,
			contextCondense: {
				cost: summary.cost,
				prevContextTokens,
				newContextTokens,
				summary: summary.text,
			},
		})
		return true
	}

	/** Drops the oldest turns until the request is at most `target` tokens (or only the newest is left). */
	private truncate(target: number, counter: TokenCounter): boolean {
		const { history } = this.options
		const view = history.view
		// What stays whatever is dropped: the frame, and the first message with the summary.
		const fixed = this.expected(counter, { ...view, keepFrom: history.all.length })
		const tailBudget = Math.max(0, target - fixed) / this.ledger.scale
		const keepFrom = earliestCutWithin(history.all, view, tailBudget, counter)
		if (keepFrom === undefined) return false
		const prevContextTokens = this.expected(counter)
		const truncated: ContextView = {
			...view,
			keepFrom,
			omitted: view.omitted + (keepFrom - view.keepFrom),
		}
		history.setView(truncated)
		this.ledger.viewChanged()
		const newContextTokens = this.expected(counter)
		const removed = keepFrom - view.keepFrom
		this.options.transcript.say("sliding_window_truncation", {
			text: `Removed the ${removed} oldest message${removed === 1 ? "" : "s"} sent to the model (about ${formatTokens(prevContextTokens)} → ${formatTokens(newContextTokens)} tokens) to fit its ${formatTokens(this.budget.window)}-token context window. The chat keeps them all.`,
			notice: {
				kind: "context_truncated",
				params: {
					count: removed,
					before: prevContextTokens,
					after: newContextTokens,
					window: this.budget.window,
				},
			},
		})
		return true
	}

	private tooLarge(counter: TokenCounter): ContextTooLargeError {
		const { usable, window } = this.budget
		const tokens = this.expected(counter)
		return new ContextTooLargeError(
			`The conversation no longer fits this model's context window: the next request would be about ` +
				`${formatTokens(tokens)} tokens, and ${formatTokens(usable)} of the ` +
				`${formatTokens(window)}-token window are available for it. Nothing more can be dropped: ` +
				`the task's first message or your latest message is too long. Shorten it, or use a model with a larger window.`,
			{ kind: "context_too_large", params: { tokens, available: usable, window } },
		)
	}
}
