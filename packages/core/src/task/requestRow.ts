import type { ApiRetryDelay } from "@cairn/types"
import { requestCost } from "../providers/cost.js"
import { leastInputPrice } from "../providers/modelPrice.js"
import { outputReserve } from "../providers/outputReserve.js"
import type { ApiUsageChunk, ModelProvider } from "../providers/modelProvider.js"
import type { Transcript } from "./transcript.js"

/**
 * How a request ended. A failure the person is then asked about says only that it failed: the
 * ask's row tells why, once.
 */
export type RowOutcome = { cancelReason?: "user_cancelled" | "streaming_failed" }
type Usage = Omit<ApiUsageChunk, "type">

function sum(a: Usage, b: Usage): Usage {
	const cacheWrites = (a.cacheWriteTokens ?? 0) + (b.cacheWriteTokens ?? 0)
	const cacheReads = (a.cacheReadTokens ?? 0) + (b.cacheReadTokens ?? 0)
	return {
		inputTokens: a.inputTokens + b.inputTokens,
		outputTokens: a.outputTokens + b.outputTokens,
		...(a.cacheWriteTokens !== undefined || b.cacheWriteTokens !== undefined
			? { cacheWriteTokens: cacheWrites }
			: {}),
		...(a.cacheReadTokens !== undefined || b.cacheReadTokens !== undefined
			? { cacheReadTokens: cacheReads }
			: {}),
		...((a.estimated || b.estimated) && { estimated: true }),
	}
}

/**
 * Output tokens that must have streamed since the journaled version of a request row before a
 * streaming estimate is journaled again (and at least as many as that version had): a crash then
 * keeps a long answer's estimate within a factor of two, while a short answer's row is journaled
 * when it starts and when it ends only.
 */
const journalAfterTokens = 1000

/**
 * A streaming estimate is shown at most this often (as the clients are sent streaming updates, see
 * deltaStream.ts): each version shown runs every listener of the transcript, and a provider's
 * chunks come far quicker. One due in between is left for the next, or for the row's end.
 */
export const passingIntervalMs = 33

/**
 * The rows of one model request: its `api_req_started` row, kept across retries, and at most one
 * `api_req_retry_delayed` row that each retry updates. The request row's tokens move while the
 * answer streams (as far as the provider reports them) and sum every attempt once it ends.
 */
export class RequestRow {
	private readonly ts: number
	private spent: Usage = { inputTokens: 0, outputTokens: 0 }
	private cost = 0
	private retry: { ts: number; delay: ApiRetryDelay } | undefined
	/** Output tokens of the journaled version of the row. */
	private journaledOut = 0
	/** When a streaming estimate was last shown (`now`'s clock). */
	private shownAt = -Infinity

	constructor(
		private readonly transcript: Transcript,
		private readonly request: string,
		private readonly provider: ModelProvider,
		private readonly now: () => number = () => performance.now(),
	) {
		this.ts = transcript.say("api_req_started", { text: JSON.stringify(this.fields()) }).ts
	}

	/**
	 * The usage the current attempt reported so far (providers report running totals). Shown at
	 * most every passingIntervalMs; journaled only when the answer has grown enough since the
	 * journaled version (see journalAfterTokens), since `finish` journals the row's final figures.
	 */
	progress(live: Usage): void {
		const usage = sum(this.spent, live)
		const grown = usage.outputTokens - this.journaledOut
		if (grown < Math.max(journalAfterTokens, this.journaledOut)) {
			const now = this.now()
			if (now - this.shownAt < passingIntervalMs) return
			this.shownAt = now
			this.transcript.showPassing(this.ts, { text: JSON.stringify(this.fields(usage)) })
			return
		}
		this.journaledOut = usage.outputTokens
		this.transcript.update(this.ts, { text: JSON.stringify(this.fields(usage)) })
	}

	/** An attempt ended: its usage and cost join the request's. */
	add(usage: Usage): void {
		this.spent = sum(this.spent, usage)
		this.cost += requestCost(this.provider.model.info, usage)
	}

	retrying(retry: Omit<ApiRetryDelay, "waitStartedAt" | "result">): void {
		const delay = { ...retry, waitStartedAt: Date.now() }
		const text = JSON.stringify(delay)
		if (this.retry === undefined)
			this.retry = { ts: this.transcript.say("api_req_retry_delayed", { text }).ts, delay }
		else {
			this.retry.delay = delay
			this.transcript.update(this.retry.ts, { text })
		}
	}

	finish(outcome: RowOutcome): void {
		this.transcript.update(this.ts, {
			text: JSON.stringify({ ...this.fields(this.spent), cost: this.cost, ...outcome }),
		})
		if (this.retry === undefined) return
		const result =
			outcome.cancelReason === "user_cancelled"
				? "cancelled"
				: outcome.cancelReason === "streaming_failed"
					? "failed"
					: "succeeded"
		// A failed request's last error is the ask's to tell; the retry row keeps how often it tried.
		const { error: _said, problem: _problem, ...delay } = this.retry.delay
		const ended = result === "failed" ? delay : this.retry.delay
		this.transcript.update(this.retry.ts, { text: JSON.stringify({ ...ended, result }) })
	}

	private fields(usage?: Usage) {
		const { name, model } = this.provider
		const price = leastInputPrice(model.info)
		return {
			request: this.request,
			apiProtocol: name,
			contextWindow: model.info.contextWindow,
			outputReserve: outputReserve(model.info),
			...(price !== undefined && { leastInputPrice: price }),
			...(usage && {
				tokensIn: usage.inputTokens,
				tokensOut: usage.outputTokens,
				...(usage.cacheWriteTokens !== undefined && { cacheWrites: usage.cacheWriteTokens }),
				...(usage.cacheReadTokens !== undefined && { cacheReads: usage.cacheReadTokens }),
				...(usage.estimated && { estimated: true }),
			}),
		}
	}
}
