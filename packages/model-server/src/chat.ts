import type { ServerResponse } from "node:http"
import { measureRequest } from "./context-window.js"
import type { WindowSettings } from "./context-window.js"
import { deliverCompletion, deliverHttpError, deliverStream } from "./faults.js"
import { sendJson, untilClosed } from "./http-io.js"
import type { ProviderProtocol } from "./protocol.js"
import type { RecordedRequest } from "./recording.js"
import { planReply } from "./reply.js"
import type { ScriptedTurn, SideTurn, Turn, TurnQueue } from "./scenario.js"
import { findSideTurn } from "./side-turns.js"

/** What a chat answer depends on besides the request; the server can change it between requests. */
export interface ChatSettings extends WindowSettings {
	sideTurns: readonly SideTurn[]
}

export interface ChatExchange {
	res: ServerResponse
	protocol: ProviderProtocol
	request: RecordedRequest
	requests: readonly RecordedRequest[]
	queue: TurnQueue
	settings: ChatSettings
	/** Per-server request number, for request and message ids. */
	sequence: number
	jsonError: string | undefined
}

// Answers the server makes up itself (not scripted) say "do not retry": the SDKs obey
// `x-should-retry`, so a broken scenario fails a test at once instead of after backoff.
function refuse(exchange: ChatExchange, message: string): void {
	const { res, protocol, sequence } = exchange
	const spec = { status: 500, message }
	sendJson(res, 500, protocol.errorBody(spec, sequence), {
		...protocol.responseHeaders(sequence),
		...protocol.errorHeaders?.(spec),
		"x-should-retry": "false",
	})
}

/** A side turn when one matches (it stays for the next match), else the next scenario turn. */
function pickTurn(exchange: ChatExchange): { turn: Turn; name: string } | undefined {
	const { request, queue, settings } = exchange
	const side = findSideTurn(settings.sideTurns, request.body)
	if (side !== undefined) {
		request.sideTurn = side
		return { turn: (settings.sideTurns[side] as SideTurn).turn, name: `side turn #${side}` }
	}
	const turn = queue.take()
	if (turn === undefined) return undefined
	request.turn = queue.served - 1
	return { turn, name: `turn function #${request.turn}` }
}

export async function answerChat(exchange: ChatExchange): Promise<void> {
	const { res, protocol, request, sequence, queue } = exchange
	const headers = protocol.responseHeaders(sequence)
	const problem = protocol.validateChat(request.body, exchange.jsonError)
	if (problem) {
		sendJson(res, problem.status, protocol.errorBody(problem, sequence), {
			...headers,
			...protocol.errorHeaders?.(problem),
		})
		return
	}
	// A request the model could not take is refused before any turn is spent on it.
	const verdict = await measureRequest(protocol, request, exchange.settings, sequence)
	if (verdict.kind === "refuse") {
		sendJson(res, verdict.status, verdict.body, { ...headers, ...verdict.headers })
		return
	}
	const picked = pickTurn(exchange)
	if (picked === undefined) {
		refuse(
			exchange,
			`cairn-model-server: the scenario is exhausted (${queue.served} turn(s) served); ` +
				`nothing left to answer request #${request.index} (${request.method} ${request.path})`,
		)
		return
	}
	let scripted: ScriptedTurn
	try {
		const { turn } = picked
		scripted = typeof turn === "function" ? await turn({ request, requests: exchange.requests }) : turn
	} catch (error) {
		refuse(exchange, `cairn-model-server: ${picked.name} threw: ${String(error)}`)
		return
	}
	if (scripted.stallBeforeHead) {
		await untilClosed(res)
		return
	}
	if (scripted.error) {
		await deliverHttpError(res, protocol, scripted.error, scripted, sequence, request.headers)
		return
	}
	const reply = planReply(scripted, {
		provider: protocol.provider,
		sequence,
		requestBody: request.body,
		// What the model saw: all of the request, or what was left of it after a silent cut.
		countedInputTokens: verdict.kind === "truncate" ? verdict.inputTokens : request.inputTokens,
	})
	if (protocol.wantsStream(request.body, request.path)) {
		const style = exchange.settings.overflowStyle
		await deliverStream(res, protocol, reply, request.body, scripted, headers, style)
	} else {
		await deliverCompletion(res, protocol, reply, scripted, headers)
	}
}
