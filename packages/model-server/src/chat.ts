import type { ServerResponse } from "node:http"
import { deliverCompletion, deliverHttpError, deliverStream } from "./faults.js"
import { sendJson, untilClosed } from "./http-io.js"
import type { ProviderProtocol } from "./protocol.js"
import type { RecordedRequest } from "./recording.js"
import { planReply } from "./reply.js"
import type { ScriptedTurn, TurnQueue } from "./scenario.js"

export interface ChatExchange {
	res: ServerResponse
	protocol: ProviderProtocol
	request: RecordedRequest
	requests: readonly RecordedRequest[]
	queue: TurnQueue
	/** Per-server request number, for request and message ids. */
	sequence: number
	jsonError: string | undefined
}

// Answers the server makes up itself (not scripted) say "do not retry": the SDKs obey
// `x-should-retry`, so a broken scenario fails a test at once instead of after backoff.
function refuse(exchange: ChatExchange, message: string): void {
	const { res, protocol, sequence } = exchange
	sendJson(res, 500, protocol.errorBody({ status: 500, message }, sequence), {
		...protocol.responseHeaders(sequence),
		"x-should-retry": "false",
	})
}

export async function answerChat(exchange: ChatExchange): Promise<void> {
	const { res, protocol, request, sequence, queue } = exchange
	const headers = protocol.responseHeaders(sequence)
	const problem = protocol.validateChat(request.body, exchange.jsonError)
	if (problem) {
		sendJson(res, problem.status, protocol.errorBody(problem, sequence), headers)
		return
	}
	const turn = queue.take()
	if (turn === undefined) {
		refuse(
			exchange,
			`cairn-model-server: the scenario is exhausted (${queue.served} turn(s) served); ` +
				`nothing left to answer request #${request.index} (${request.method} ${request.path})`,
		)
		return
	}
	const turnIndex = queue.served - 1
	request.turn = turnIndex
	let scripted: ScriptedTurn
	try {
		scripted = typeof turn === "function" ? await turn({ request, requests: exchange.requests }) : turn
	} catch (error) {
		refuse(exchange, `cairn-model-server: turn function #${turnIndex} threw: ${String(error)}`)
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
	const reply = planReply(scripted, { provider: protocol.provider, sequence, requestBody: request.body })
	if (protocol.wantsStream(request.body)) {
		await deliverStream(res, protocol, reply, request.body, scripted, headers)
	} else {
		await deliverCompletion(res, protocol, reply, scripted, headers)
	}
}
