import type { CairnSettings } from "@cairn/types"
import { streamTurn, TurnOutput } from "../assistant-message/streamTurn.js"
import { ContextTooLargeError, type ContextManager, type RequestFrame } from "../context/contextManager.js"
import type { Logger } from "../host/Host.js"
import { requestCost } from "../providers/cost.js"
import type { ApiUsageChunk, ModelProvider } from "../providers/modelProvider.js"
import { ProviderError } from "../providers/providerError.js"
import { problemOf } from "../providers/providerProblem.js"
import { streamRequest } from "../providers/streamRequest.js"
import { countsNothing } from "../providers/usageEstimate.js"
import { RequestRow, type RowOutcome } from "./requestRow.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import type { ApiHistory } from "./apiHistory.js"
import type { AskChannel } from "./askChannel.js"
import { toProviderError } from "./requestSummary.js"
import { abortableDelay, retryDelayMs } from "./retryPolicy.js"
import { TaskCancelled } from "./taskCancelled.js"
import type { Transcript } from "./transcript.js"

export interface ModelRequestsOptions {
	taskId: string
	provider: ModelProvider
	logger: Logger
	transcript: Transcript
	history: ApiHistory
	context: ContextManager
	asks: AskChannel
	settings: () => CairnSettings
	/** First retry delay when the provider gives no retry-after; tests shorten it. */
	retryBaseDelayMs?: number
	/** Looked at before every request, retries included: a spent budget waits for the person here. */
	beforeRequest: () => Promise<void>
	/**
	 * Every attempt that reached the model, failed and cancelled ones included: its usage (Cairn's
	 * estimate, marked `estimated`, where the provider reported none: see withUsageEstimate) and cost.
	 */
	onUsage: (usage: Omit<ApiUsageChunk, "type">, cost: number) => void
}

/** One turn's request, as the Task describes it. */
export interface TurnRequest {
	/** What the `api_req_started` row says was sent. */
	summary: string
	/** Built at each attempt: a settings change applies to the retry. */
	frame: (settings: CairnSettings) => RequestFrame
	tools: ReadonlyMap<string, ToolDefinition<unknown, string>>
	signal: AbortSignal
}

/**
 * The model requests of a task: each fitted to the window first, streamed into the transcript,
 * and retried the way its failure calls for. 429/5xx/network/cut streams back off and retry,
 * then ask; a context overflow shrinks the context and retries once at once; anything else asks.
 */
export class ModelRequests {
	constructor(private readonly options: ModelRequestsOptions) {}

	async attempt(turn: TurnRequest): Promise<TurnOutput> {
		const { provider, transcript, history, context, asks, logger } = this.options
		const { signal } = turn
		let overflowRetried = false
		// One request shows as one row however often it is retried, and its retries as one more
		// row that updates (attempt, countdown, the latest error), so a provider that is down does
		// not fill the chat. Usage of failed attempts still counts (summed on the row).
		let row: RequestRow | undefined
		for (let attempt = 1; ; attempt++) {
			await this.options.beforeRequest()
			await provider.settled?.()
			const settings = this.options.settings()
			const frame = turn.frame(settings)
			let messages
			try {
				messages = await context.fit(frame, signal)
			} catch (error) {
				if (!(error instanceof ContextTooLargeError)) throw error
				// Never sent: what the person changes (a shorter message, a larger model) is what can help.
				await asks.ask("api_req_failed", error.message, undefined, { problem: error.problem })
				attempt = 0
				continue
			}
			row ??= new RequestRow(transcript, turn.summary, provider)
			const output = new TurnOutput()
			const started = Date.now()
			const taskId = this.options.taskId
			logger.debug("Model request", {
				taskId,
				provider: provider.name,
				attempt,
				messages: messages.length,
			})
			const call = streamRequest(
				provider,
				{ ...frame, messages },
				{ signal, idleTimeoutMs: settings.requestIdleTimeoutMs },
			)
			try {
				await streamTurn(call.stream, output, transcript, turn.tools, {
					usage: (usage) => row?.progress(usage),
				})
				if (output.isEmpty)
					throw new ProviderError("malformed_response", "The model returned an empty response.")
				// An estimate would calibrate the context's count against itself.
				if (!output.usage.estimated) context.reported(output.usage)
				this.finish(row, output, {})
				logger.debug("Model answered", { taskId, ms: Date.now() - started })
				return output
			} catch (error) {
				output.finishRows(transcript)
				if (signal.aborted) {
					this.finish(row, output, { cancelReason: "user_cancelled" })
					output.abandonPreview(transcript, "cancelled")
					// Keep what the model said so far: the resumed task continues from it.
					history.pushAssistant(output.assistantBlocks(false))
					throw new TaskCancelled()
				}
				const failure = toProviderError(error)
				logger.debug("Model request failed", {
					taskId,
					ms: Date.now() - started,
					kind: failure.kind,
					retryable: failure.retryable,
					error: failure.message,
				})
				output.abandonPreview(transcript, "interrupted")
				// Smaller, then once more at once; the identical request is never sent again.
				const shrunk =
					failure.kind === "context_overflow" && (await context.overflowed(failure, signal))
				if (shrunk && !overflowRetried) {
					overflowRetried = true
					this.spent(row, output)
					continue
				}
				if (failure.retryable && attempt <= settings.requestRetries) {
					this.spent(row, output)
					const delayMs = retryDelayMs(failure, attempt, this.options.retryBaseDelayMs)
					row.retrying({
						attempt,
						maxAttempts: settings.requestRetries,
						delayMs,
						error: failure.message,
						problem: problemOf(failure),
						...(failure.details.status !== undefined && { status: failure.details.status }),
					})
					try {
						await abortableDelay(delayMs, signal)
					} catch (cancelled) {
						row.finish({ cancelReason: "user_cancelled" })
						throw cancelled
					}
					continue
				}
				// Retries are spent (or pointless, like a bad key): the person decides. The partial
				// answer is not in the history, so a retry does not show it to the model twice. The
				// ask alone says why, as a kind the client words, with the English for the logs.
				this.finish(row, output, { cancelReason: "streaming_failed" })
				row = undefined
				await asks.ask("api_req_failed", failure.message, undefined, { problem: problemOf(failure) })
				attempt = 0
			} finally {
				call.release()
			}
		}
	}

	/**
	 * An attempt ended (and may be retried): its usage counts, and shows on the request's row. Usage
	 * comes (estimated, if the provider counts only at the end) as soon as the provider answers, so
	 * an attempt without any got nothing back (refused, unreachable): it never reached the model
	 * and cost nothing.
	 */
	private spent(row: RequestRow, output: TurnOutput): void {
		if (countsNothing(output.usage)) return
		this.options.onUsage(output.usage, requestCost(this.options.provider.model.info, output.usage))
		row.add(output.usage)
	}

	private finish(row: RequestRow, output: TurnOutput, outcome: RowOutcome): void {
		this.spent(row, output)
		row.finish(outcome)
	}
}
