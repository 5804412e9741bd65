import * as assert from "node:assert/strict"
import { startModelServer, type ModelServer, type RecordedRequest, type Turn } from "@cairn/model-server"
import { CairnEventName, type CairnAPI, type CairnAPIEvents } from "@cairn/types"
import * as vscode from "vscode"

// Helpers for driving Cairn through its public API from inside the extension host, as another
// extension would, against @cairn/model-server on 127.0.0.1.

export const extensionId = "cairn-dev.cairn"

/** What `activate()` of the installed extension returns. */
export async function cairnApi(): Promise<CairnAPI> {
	const extension = vscode.extensions.getExtension<CairnAPI>(extensionId)
	assert.ok(extension, `${extensionId} is not installed`)
	return extension.activate()
}

export const done = (result = "Done."): Turn => ({
	toolCalls: [{ name: "attempt_completion", arguments: { result } }],
})

export const call = (name: string, args: Record<string, unknown>): Turn => ({
	toolCalls: [{ name, arguments: args }],
})

export const followup = (question: string, answers: string[]): Turn =>
	call("ask_followup_question", { question, follow_up: answers.map((text) => ({ text })) })

export function startModel(scenario: Turn[]): Promise<ModelServer> {
	return startModelServer({ scenario, lifetimeMs: 60_000 })
}

export const chatRequests = (server: ModelServer): RecordedRequest[] =>
	server.requests.filter((request) => request.route === "chat")

/** Points Cairn at `server` (OpenAI-compatible) through the API, with nothing approved automatically. */
export async function useModel(api: CairnAPI, server: ModelServer, modelId = "gpt-4.1"): Promise<void> {
	await api.setConfiguration({
		provider: { provider: "openai", modelId, baseUrl: server.openaiBaseURL },
		apiKey: "test-key",
		mode: "code",
		requestRetries: 0,
		autoApproval: { enabled: false },
	})
}

/** Resolves with the arguments of the next `event` for which `accept` holds. */
export function nextEvent<K extends keyof CairnAPIEvents>(
	api: CairnAPI,
	event: K,
	accept: (...args: CairnAPIEvents[K]) => boolean = () => true,
	timeoutMs = 15_000,
): Promise<CairnAPIEvents[K]> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			api.off(event, listener)
			reject(new Error(`no ${event} within ${timeoutMs} ms`))
		}, timeoutMs)
		function listener(...args: CairnAPIEvents[K]) {
			if (!accept(...args)) return
			clearTimeout(timer)
			api.off(event, listener)
			resolve(args)
		}
		api.on(event, listener)
	})
}

/** The names of every API event of the next task created, in order; a run of `message` events counts once. */
export class EventLog {
	readonly names: string[] = []
	taskId: string | undefined
	private readonly detach: (() => void)[] = []

	constructor(api: CairnAPI) {
		for (const name of Object.values(CairnEventName)) {
			const listener = (...args: unknown[]) => {
				if (name === "taskCreated") this.taskId ??= args[0] as string
				const id = name === "message" ? (args[0] as { taskId: string }).taskId : args[0]
				if (id !== this.taskId || (name === "message" && this.names.at(-1) === "message")) return
				this.names.push(name)
			}
			api.on(name, listener)
			this.detach.push(() => api.off(name, listener))
		}
	}

	dispose(): void {
		for (const off of this.detach.splice(0)) off()
	}
}

/** Fails unless `expected` occurs in `names` in this order (other events may come between). */
export function assertInOrder(names: readonly string[], expected: readonly string[]): void {
	let at = 0
	for (const name of expected) {
		const found = names.indexOf(name, at)
		assert.ok(found >= 0, `"${name}" missing after position ${at} in: ${names.join(", ")}`)
		at = found + 1
	}
}

/**
 * The API as one test sees it: listeners added through it are removed by `dispose`, so the
 * patterns of one test (which, like seed 002's, never unsubscribe) do not act in the next.
 */
export function scopedApi(api: CairnAPI): { api: CairnAPI; dispose(): void } {
	type AnyListener = (...args: CairnAPIEvents[keyof CairnAPIEvents]) => unknown
	const added: [keyof CairnAPIEvents, AnyListener][] = []
	const view: CairnAPI = new Proxy(api, {
		get(target, property) {
			if (property === "on" || property === "once") {
				return (event: keyof CairnAPIEvents, listener: AnyListener) => {
					added.push([event, listener])
					target[property](event, listener)
					return view
				}
			}
			const value: unknown = Reflect.get(target, property, target)
			return typeof value === "function" ? value.bind(target) : value
		},
	})
	return {
		api: view,
		dispose: () => {
			for (const [event, listener] of added.splice(0)) api.off(event, listener)
		},
	}
}
