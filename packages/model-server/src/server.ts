import { createServer } from "node:http"
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { answerChat } from "./chat.js"
import type { ChatSettings } from "./chat.js"
import { answerEmbeddings } from "./embeddings/answer.js"
import { answerGeminiEmbeddings } from "./embeddings/gemini.js"
import { readBody, sendJson } from "./http-io.js"
import type { ErrorSpec, OverflowStyle } from "./protocol.js"
import { apiKeyOf } from "./faults.js"
import { flattenHeaders } from "./recording.js"
import type { RecordedRequest } from "./recording.js"
import { route } from "./router.js"
import { TurnQueue } from "./scenario.js"
import type { Scenario, SideTurn, Turn } from "./scenario.js"

/** What a scenario brings besides its turns; see `reset`. */
export interface ScenarioSettings {
	contextWindow?: number
	sideTurns?: readonly SideTurn[]
}

export interface ModelServerOptions extends ScenarioSettings {
	/** Turns consumed in order by chat requests; more can be added with `enqueue`. */
	scenario?: Scenario
	/** 0 (the default) picks a free port. The host is always 127.0.0.1. */
	port?: number
	/** Requests answered before the server refuses with a 503 and closes itself. Default 10 000. */
	maxRequests?: number
	/** The server closes itself after this long. The timer is unref'd. Default 10 minutes. */
	lifetimeMs?: number
	/**
	 * Listed by `GET /v1/models` and `GET /api/tags`. Default `["cairn-test-model"]`. Embedding
	 * requests (`POST /v1/embeddings`, `POST /api/embed`) take any model name; they are recorded
	 * with route "embeddings" and take no turn.
	 */
	models?: readonly string[]
	/** Bodies larger than this get a 413. Default 32 MiB. */
	maxBodyBytes?: number
	/**
	 * Whose overflow errors and model listing the OpenAI-compatible routes imitate. Default "openai".
	 */
	overflowStyle?: OverflowStyle
	/** The model's output cap, as the Anthropic and OpenRouter model listings report it. */
	maxOutputTokens?: number
	/**
	 * The one API key the server takes; a request with another (or none) gets a 401 in the
	 * provider's shape. Default: any key, or none, is accepted.
	 */
	apiKey?: string
}

export interface ModelServer {
	/** `http://127.0.0.1:<port>`, no trailing slash. */
	readonly url: string
	readonly port: number
	/** For `new Anthropic({ baseURL })`: the SDK appends `/v1/messages`. */
	readonly anthropicBaseURL: string
	/** For `new OpenAI({ baseURL })`: ends in `/v1`. */
	readonly openaiBaseURL: string
	/** For `new Ollama({ host })`. */
	readonly ollamaHost: string
	/** Every request since start or the last reset, in arrival order (a live, read-only view). */
	readonly requests: readonly RecordedRequest[]
	/** Turns not yet consumed. */
	readonly remainingTurns: number
	/** Settles once the server has closed, whether by `close()`, lifetime or maxRequests. */
	readonly closed: Promise<void>
	/** The context window chat requests are measured against, if any. */
	readonly contextWindow: number | undefined
	enqueue(...turns: Turn[]): void
	/**
	 * Replace the remaining turns and forget the recorded requests. With `settings`, the context window
	 * and side turns become exactly those given (absent ones are cleared); without, they stay.
	 */
	reset(scenario?: Scenario, settings?: ScenarioSettings): void
	/** From the next request on, measure chat requests against this window (undefined: none). */
	setContextWindow(tokens: number | undefined): void
	/** Replace the side turns (see SideTurn). */
	setSideTurns(sideTurns: readonly SideTurn[]): void
	/** Stop listening and cut every open connection. Idempotent. */
	close(): Promise<void>
}

export const DEFAULT_MAX_REQUESTS = 10_000
export const DEFAULT_LIFETIME_MS = 10 * 60 * 1000

function checkWindow(tokens: number | undefined): number | undefined {
	if (tokens !== undefined && !(Number.isInteger(tokens) && tokens > 0))
		throw new RangeError(`cairn-model-server: a context window must be a positive integer, got ${tokens}`)
	return tokens
}

export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
	const queue = new TurnQueue(options.scenario)
	const maxRequests = options.maxRequests ?? DEFAULT_MAX_REQUESTS
	const maxBodyBytes = options.maxBodyBytes ?? 32 * 1024 * 1024
	const models = options.models ?? ["cairn-test-model"]
	const settings: ChatSettings = {
		contextWindow: checkWindow(options.contextWindow),
		overflowStyle: options.overflowStyle ?? "openai",
		sideTurns: options.sideTurns ?? [],
	}
	let requests: RecordedRequest[] = []
	let received = 0
	let closing: Promise<void> | undefined
	let resolveClosed = (): void => {}
	const closed = new Promise<void>((resolve) => (resolveClosed = resolve))
	const timers: { lifetime?: NodeJS.Timeout } = {}

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const sequence = ++received
		const method = req.method ?? "GET"
		const url = new URL(req.url ?? "/", "http://127.0.0.1")
		const headers = flattenHeaders(req.headers)
		const { protocol, kind } = route(method, url.pathname, headers)
		const responseHeaders = protocol.responseHeaders(sequence)
		const sendError = (spec: ErrorSpec, extra: Record<string, string> = {}) =>
			sendJson(res, spec.status, protocol.errorBody(spec, sequence), {
				...responseHeaders,
				...protocol.errorHeaders?.(spec),
				...extra,
			})
		if (sequence > maxRequests) {
			const message = `cairn-model-server: maxRequests (${maxRequests}) reached; the server is closing`
			res.on("finish", () => void close())
			sendError({ status: 503, message }, { "x-should-retry": "false", connection: "close" })
			return
		}
		const rawBody = await readBody(req, maxBodyBytes)
		if (rawBody === undefined) {
			const message = `cairn-model-server: request body larger than ${maxBodyBytes} bytes`
			sendError({ status: 413, message }, { connection: "close" })
			return
		}
		let body: unknown
		let jsonError: string | undefined
		if (rawBody !== "") {
			try {
				body = JSON.parse(rawBody)
			} catch (error) {
				jsonError = error instanceof Error ? error.message : String(error)
			}
		}
		const request: RecordedRequest = {
			index: requests.length,
			method,
			path: url.pathname,
			query: url.search,
			headers,
			body,
			rawBody,
			provider: protocol.provider,
			route: kind,
			timestamp: Date.now(),
		}
		requests.push(request)
		if (options.apiKey !== undefined && apiKeyOf(headers) !== options.apiKey) {
			sendError({ status: 401, message: "Incorrect API key provided." })
		} else if (kind === "unknown") {
			sendError(protocol.notFound(method, url.pathname))
		} else if (kind === "embeddings") {
			const answer =
				protocol.provider === "gemini"
					? answerGeminiEmbeddings(url.pathname, body, jsonError)
					: answerEmbeddings(protocol.provider, body, jsonError)
			if (answer.ok) sendJson(res, 200, answer.body, responseHeaders)
			else sendError(answer.error)
		} else if (kind === "models") {
			const listing = protocol.modelList(models, {
				path: url.pathname,
				style: settings.overflowStyle,
				contextWindow: settings.contextWindow,
				maxOutputTokens: options.maxOutputTokens,
				body,
			})
			if (listing === undefined) sendError(protocol.notFound(method, url.pathname))
			else sendJson(res, 200, listing, responseHeaders)
		} else {
			await answerChat({ res, protocol, request, requests, queue, settings, sequence, jsonError })
		}
	}

	const server: Server = createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			// A bug here must not take the test process down; the client sees a cut connection.
			console.error("cairn-model-server: unexpected error", error)
			res.socket?.destroy()
		})
	})

	function close(): Promise<void> {
		closing ??= new Promise<void>((resolve) => {
			clearTimeout(timers.lifetime)
			server.close(() => resolve())
			server.closeAllConnections()
		}).then(resolveClosed)
		return closing
	}

	await new Promise<void>((resolve, reject) => {
		server.once("error", reject)
		server.listen(options.port ?? 0, "127.0.0.1", () => {
			server.off("error", reject)
			resolve()
		})
	})
	timers.lifetime = setTimeout(() => void close(), options.lifetimeMs ?? DEFAULT_LIFETIME_MS)
	// Never the reason a test process stays alive.
	timers.lifetime.unref()

	const port = (server.address() as AddressInfo).port
	const url = `http://127.0.0.1:${port}`
	return {
		url,
		port,
		anthropicBaseURL: url,
		openaiBaseURL: `${url}/v1`,
		ollamaHost: url,
		get requests() {
			return requests
		},
		get remainingTurns() {
			return queue.remaining
		},
		get contextWindow() {
			return settings.contextWindow
		},
		closed,
		enqueue: (...turns) => queue.enqueue(...turns),
		reset: (scenario, scenarioSettings) => {
			queue.reset(scenario)
			requests = []
			if (scenarioSettings) {
				settings.contextWindow = checkWindow(scenarioSettings.contextWindow)
				settings.sideTurns = scenarioSettings.sideTurns ?? []
			}
		},
		setContextWindow: (tokens) => {
			settings.contextWindow = checkWindow(tokens)
		},
		setSideTurns: (sideTurns) => {
			settings.sideTurns = sideTurns
		},
		close,
	}
}
