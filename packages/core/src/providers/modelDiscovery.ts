import type { ModelInfo, ProviderSettings } from "@cairn/types"
import { defaultModelInfo } from "./modelCatalog.js"
import { ollamaContextWindow } from "./model-lists/ollama.js"
import { windowFromEntry } from "./model-lists/openaiCompatible.js"
import { ollamaDefaultHost } from "./ollama/ollamaProvider.js"
import { openaiCompatibleBaseUrl } from "./openai/openaiProvider.js"

/** What a server says about one of its models that Cairn's catalog cannot know. */
export type DiscoveredModelInfo = Partial<Pick<ModelInfo, "contextWindow" | "maxOutputTokens">>

export interface DiscoveryOptions {
	/** The key the provider sends; OpenAI-compatible servers may want it for their model list too. */
	apiKey?: string
	/** Where a failed lookup is reported; it never reaches the person. */
	debug?: (message: string, details: Record<string, unknown>) => void
	/** How long one lookup may take. Default 3 s: a task should not wait on a slow listing. */
	timeoutMs?: number
}

const found = new Map<string, DiscoveredModelInfo | undefined>()

/**
 * Asks the server the person configured how long its model's context is: for OpenRouter, LM Studio
 * and the `openai` provider with a base URL, `GET {baseUrl}/models` (OpenRouter, vLLM, LM Studio's `/api/v0/models`
 * when the list says nothing); for Ollama, `POST /api/show`, and only to lower the window when the
 * model's own is smaller than the num_ctx Cairn would ask for. Undefined when there is nothing to
 * ask or the answer says nothing. A lookup that succeeds is kept for the process (keyed by
 * provider, base URL and model); one that fails is only logged, and tried again next time.
 */
export async function discoverModelInfo(
	settings: ProviderSettings,
	options: DiscoveryOptions = {},
): Promise<DiscoveredModelInfo | undefined> {
	const lookup = lookupFor(settings)
	if (lookup === undefined) return undefined
	const key = `${settings.provider} ${lookup.baseUrl} ${settings.modelId}`
	if (found.has(key)) return found.get(key)
	try {
		const info = await lookup.run({ ...options, headers: headersFor(settings, options.apiKey) })
		found.set(key, info)
		return info
	} catch (error) {
		options.debug?.("Could not ask the server about the model", {
			provider: settings.provider,
			baseUrl: lookup.baseUrl,
			modelId: settings.modelId,
			error: String(error),
		})
		return undefined
	}
}

interface Lookup {
	baseUrl: string
	run(
		options: DiscoveryOptions & { headers: Record<string, string> },
	): Promise<DiscoveredModelInfo | undefined>
}

function lookupFor(settings: ProviderSettings): Lookup | undefined {
	const { provider, modelId } = settings
	// OpenAI's own list says nothing about context; its models are in the catalog.
	const compatible =
		provider === "openrouter" ||
		provider === "lmstudio" ||
		(provider === "openai" && settings.baseUrl !== undefined)
	if (compatible) {
		const baseUrl = openaiCompatibleBaseUrl(settings).replace(/\/+$/, "")
		return { baseUrl, run: (options) => fromOpenAiCompatible(baseUrl, modelId, options) }
	}
	if (provider === "ollama") {
		const baseUrl = (settings.baseUrl ?? ollamaDefaultHost).replace(/\/+$/, "")
		return { baseUrl, run: (options) => fromOllama(baseUrl, modelId, options) }
	}
	return undefined
}

/** The headers the provider itself sends: the person's own, and the key as a bearer token. */
function headersFor(settings: ProviderSettings, apiKey: string | undefined): Record<string, string> {
	return { ...settings.headers, ...(apiKey && { Authorization: `Bearer ${apiKey}` }) }
}

async function getJson(
	url: string,
	init: RequestInit,
	options: DiscoveryOptions & { headers: Record<string, string> },
): Promise<unknown> {
	const response = await fetch(url, {
		...init,
		headers: {
			...options.headers,
			...(init.body !== undefined && { "content-type": "application/json" }),
		},
		signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
	})
	if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status}`)
	return response.json()
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value)
}

function entryFor(listing: unknown, modelId: string): Record<string, unknown> | undefined {
	const data = isRecord(listing) ? listing.data : listing
	if (!Array.isArray(data)) return undefined
	return data.find((entry): entry is Record<string, unknown> => isRecord(entry) && entry.id === modelId)
}

async function fromOpenAiCompatible(
	baseUrl: string,
	modelId: string,
	options: DiscoveryOptions & { headers: Record<string, string> },
): Promise<DiscoveredModelInfo | undefined> {
	const entry = entryFor(await getJson(`${baseUrl}/models`, {}, options), modelId)
	const info = entry ? windowFromEntry(entry) : {}
	if (info.contextWindow === undefined && baseUrl.endsWith("/v1")) {
		// LM Studio lists nothing about context on its OpenAI-compatible route; its own REST API does.
		const origin = baseUrl.slice(0, -"/v1".length)
		const rest = await getJson(`${origin}/api/v0/models`, {}, options).catch(() => undefined)
		const restEntry = entryFor(rest, modelId)
		if (restEntry) Object.assign(info, windowFromEntry(restEntry))
	}
	return Object.keys(info).length > 0 ? info : undefined
}

async function fromOllama(
	baseUrl: string,
	modelId: string,
	options: DiscoveryOptions & { headers: Record<string, string> },
): Promise<DiscoveredModelInfo | undefined> {
	const body = JSON.stringify({ model: modelId })
	const shown = await getJson(`${baseUrl}/api/show`, { method: "POST", body }, options)
	const contextWindow = ollamaContextWindow(shown)
	// Only a model with less than the num_ctx Cairn asks for changes anything.
	return contextWindow !== undefined && contextWindow < defaultModelInfo.ollama.contextWindow
		? { contextWindow }
		: undefined
}
