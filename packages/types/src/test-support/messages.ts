import type { ClineAsk } from "../message/clineAsk.js"
import type { ClineMessage } from "../message/clineMessage.js"
import type { ClineSay } from "../message/clineSay.js"

// Small builders so tests read as transcripts.

let clock = 1_700_000_000_000
const nextTs = () => ++clock

export const say = (say: ClineSay, text?: string, extra: Partial<ClineMessage> = {}): ClineMessage => ({
	ts: nextTs(),
	type: "say",
	say,
	...(text !== undefined && { text }),
	...extra,
})

export const ask = (ask: ClineAsk, text?: string, extra: Partial<ClineMessage> = {}): ClineMessage => ({
	ts: nextTs(),
	type: "ask",
	ask,
	...(text !== undefined && { text }),
	...extra,
})

/** An `api_req_started` row; without `cost` the request is still streaming. */
export const apiRequest = (info: Record<string, unknown> = { request: "task" }): ClineMessage =>
	say("api_req_started", JSON.stringify(info))

export const finishedApiRequest = () =>
	apiRequest({ request: "task", tokensIn: 10, tokensOut: 5, cost: 0.001 })

/** A finished request with usage and cost; `info` overrides any figure. */
export const finishedRequest = (info: Record<string, unknown> = {}): ClineMessage =>
	apiRequest({ request: "task", tokensIn: 1200, tokensOut: 300, cost: 0.0042, ...info })
