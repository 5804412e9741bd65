import { z } from "zod"
import { apiRequestInfo, type ClineApiReqInfo } from "../message/apiReqInfo.js"
import type { ClineMessage } from "../message/clineMessage.js"

/** How full the model's context window is, as the task header's bar and Condense button need it. */
export const contextUsageSchema = z.object({
	/**
	 * Tokens the model's window holds now: the newest finished request's context, or, when a
	 * condense came after it, what the condense left. Undefined until a request reported usage.
	 */
	tokens: z.number().optional(),
	/** The window the newest request was sent with; undefined when Cairn did not know it. */
	window: z.number().optional(),
	/** Tokens of that window the newest request kept free for the answer; undefined when not reported. */
	reserved: z.number().optional(),
	/** The newest condense row is still partial: a summary is being written. */
	condensing: z.boolean(),
	/** The newest request's figures are Cairn's estimate: its provider has not reported them (yet). */
	estimated: z.literal(true).optional(),
	/** The least a million input tokens of the newest request's model cost, in USD; undefined without a price. */
	leastInputPrice: z.number().nonnegative().optional(),
})
export type ContextUsage = z.infer<typeof contextUsageSchema>

export const noContextUsage: ContextUsage = Object.freeze({ condensing: false })

/**
 * Tokens of a finished request's context: what it sent (fresh and cached) plus what came back.
 * That is how full the model's window was on that turn.
 */
export function contextTokensOf(info: ClineApiReqInfo | undefined): number | undefined {
	if (info === undefined || info.tokensIn === undefined) return undefined
	return info.tokensIn + (info.tokensOut ?? 0) + (info.cacheReads ?? 0) + (info.cacheWrites ?? 0)
}

/** Rows that change the figures; deltas of any other row leave them as they are. */
export function affectsContextUsage(message: ClineMessage): boolean {
	return message.say === "api_req_started" || message.say === "condense_context"
}

/**
 * Reads the transcript backwards and stops as soon as it knows everything, normally at the newest
 * request or two, so the work per update does not grow with the task.
 */
export function contextUsageOf(messages: readonly ClineMessage[]): ContextUsage {
	let tokens: number | undefined
	let window: number | undefined
	let reserved: number | undefined
	let newest: ClineApiReqInfo | undefined
	let condensing = false
	let seenRow = false
	let seenRequest = false
	for (let i = messages.length - 1; i >= 0 && (tokens === undefined || !seenRequest); i--) {
		const message = messages[i]
		if (message === undefined || !affectsContextUsage(message)) continue
		if (message.say === "condense_context") {
			if (!seenRow) condensing = message.partial === true
			if (tokens === undefined && message.partial !== true)
				tokens = message.contextCondense?.newContextTokens
		} else {
			const info = apiRequestInfo(message)
			if (!seenRequest) {
				window = info?.contextWindow
				reserved = info?.outputReserve
				newest = info
			}
			seenRequest = true
			tokens ??= contextTokensOf(info)
		}
		seenRow = true
	}
	return {
		...(tokens !== undefined && { tokens }),
		...(window !== undefined && { window }),
		...(reserved !== undefined && { reserved }),
		condensing,
		...(newest?.estimated && { estimated: true }),
		...(newest?.leastInputPrice !== undefined && { leastInputPrice: newest.leastInputPrice }),
	}
}
