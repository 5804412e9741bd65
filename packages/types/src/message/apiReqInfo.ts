import { z } from "zod"
import { safeParseJson } from "../parse.js"
import { providerNameSchema } from "../settings/provider.js"
import type { ClineMessage } from "./clineMessage.js"

/**
 * The JSON in `text` of an `api_req_started` say. It is written when the request starts and
 * rewritten (same `ts`) when it ends. `cost` stays undefined while the response streams: that
 * is how every client tells "streaming" from "done" (seeds 000/001), so a finished request
 * always gets a cost, 0 included, and a cancelled or failed one gets its reason.
 */
export const clineApiReqInfoSchema = z.object({
	/** A readable summary of what was sent (the user's turn, tool results), never the raw request. */
	request: z.string().optional(),
	tokensIn: z.number().nonnegative().optional(),
	tokensOut: z.number().nonnegative().optional(),
	cacheWrites: z.number().nonnegative().optional(),
	cacheReads: z.number().nonnegative().optional(),
	cost: z.number().nonnegative().optional(),
	cancelReason: z.enum(["streaming_failed", "user_cancelled"]).optional(),
	streamingFailedMessage: z.string().optional(),
	/** The provider that served the request. */
	apiProtocol: providerNameSchema.optional(),
	/** The model's context window, in tokens, as Cairn knows it for this request. */
	contextWindow: z.number().int().positive().optional(),
	/** Tokens of that window kept free for the model's answer (the request's output cap). */
	outputReserve: z.number().int().positive().optional(),
	/**
	 * The token figures are Cairn's estimate: the provider has not reported its own (yet). While the
	 * answer streams they are replaced as the provider reports; a request whose provider never did
	 * keeps them, marked.
	 */
	estimated: z.literal(true).optional(),
	/**
	 * The least one million input tokens of this request's model can cost, in USD (its cache-read
	 * price when it caches prompts). Absent when Cairn has no price for the model.
	 */
	leastInputPrice: z.number().nonnegative().optional(),
})
export type ClineApiReqInfo = z.infer<typeof clineApiReqInfoSchema>
export type ClineApiReqCancelReason = NonNullable<ClineApiReqInfo["cancelReason"]>

/**
 * The rows' texts parsed last, oldest first: the newest request's row and the last one with
 * figures are read at every update of a transcript. A few, not every row of a long task: each
 * info holds its request's summary text.
 */
const recentInfos = new Map<string, ClineApiReqInfo | null>()
const recentMax = 8

/**
 * The info of an `api_req_started` row; undefined for any other row, or one whose text cannot be
 * read. The totals, the agent's state, the context figure and the card each read the newest rows
 * at every update, so the last few texts' infos are kept, by text: a client gets a new row object
 * at each update of the same row, with the same text until its request ends. The info is shared
 * between its readers: never change it.
 */
export function apiRequestInfo(message: ClineMessage | undefined): ClineApiReqInfo | undefined {
	if (message?.say !== "api_req_started") return undefined
	const text = message.text ?? ""
	let info = recentInfos.get(text)
	if (info === undefined) {
		const parsed = safeParseJson(clineApiReqInfoSchema, text)
		info = parsed.success ? parsed.data : null
		recentInfos.set(text, info)
		if (recentInfos.size > recentMax) recentInfos.delete(recentInfos.keys().next().value as string)
	}
	return info ?? undefined
}
