import { needsApiKey, providerKinds } from "@cairn/types"
import type { ListedModel, ProviderName, ProviderSettings } from "@cairn/types"
import { anthropicDefaultBaseUrl } from "../anthropic/anthropicProvider.js"
import { missingKey } from "../buildProvider.js"
import { geminiDefaultBaseUrl } from "../gemini/geminiProvider.js"
import { findKnownModel } from "../modelCatalog.js"
import { ollamaDefaultHost } from "../ollama/ollamaProvider.js"
import { openaiCompatibleBaseUrl } from "../openai/openaiProvider.js"
import { ProviderError } from "../providerError.js"
import { endpointLabel, sentenceStart } from "../providerErrors.js"
import { listAnthropic } from "./anthropic.js"
import { listGemini } from "./gemini.js"
import type { ListingTarget } from "./listingRequest.js"
import { listOllama } from "./ollama.js"
import { listOpenAiCompatible } from "./openaiCompatible.js"

interface Lister {
	/** Where the provider is when the settings name no base URL. */
	baseUrl(settings: ProviderSettings): string
	/** How the key goes with a plain request (the SDK-based listers send it themselves). */
	keyHeaders(apiKey: string): Record<string, string>
	list(target: ListingTarget): Promise<ListedModel[]>
}

const bearer = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` })
const openaiCompatible: Lister = {
	baseUrl: openaiCompatibleBaseUrl,
	keyHeaders: bearer,
	list: listOpenAiCompatible,
}

/**
 * How each provider lists its models. Providers absent here cannot list (Bedrock and Vertex: their
 * model ids are typed; see providerKinds' `listsModels`; VS Code's models are the editor's).
 */
const listers: Partial<Record<ProviderName, Lister>> = {
	openai: openaiCompatible,
	openrouter: openaiCompatible,
	lmstudio: openaiCompatible,
	ollama: {
		baseUrl: (settings) => settings.baseUrl ?? ollamaDefaultHost,
		keyHeaders: bearer,
		list: listOllama,
	},
	anthropic: {
		baseUrl: (settings) => settings.baseUrl ?? anthropicDefaultBaseUrl,
		keyHeaders: () => ({}),
		list: listAnthropic,
	},
	gemini: {
		baseUrl: (settings) => settings.baseUrl ?? geminiDefaultBaseUrl,
		keyHeaders: (apiKey) => ({ "x-goog-api-key": apiKey }),
		list: listGemini,
	},
}

/** Whether the provider lists its models (the editor's own, given `editorModels`). */
export function canListModels(provider: ProviderName, options: ListingOptions = {}): boolean {
	return provider === "vscode-lm" ? options.editorModels !== undefined : listers[provider] !== undefined
}

export interface ListingOptions {
	/** How long one request of the listing may take. Default 10 s. */
	timeoutMs?: number
	/** The editor's chat models (its Language Model API); absent outside the editor. */
	editorModels?: () => Promise<ListedModel[]>
}

/** Who is asked, as error messages and connection tests name them. */
export function listingTarget(
	settings: ProviderSettings,
	apiKey: string | undefined,
	options: ListingOptions = {},
): ListingTarget {
	const lister = listers[settings.provider]
	const baseUrl = (lister?.baseUrl(settings) ?? settings.baseUrl ?? "").replace(/\/+$/, "")
	return {
		settings,
		apiKey,
		baseUrl,
		headers: { ...settings.headers, ...(apiKey && lister?.keyHeaders(apiKey)) },
		context: {
			provider: settings.provider,
			modelId: settings.modelId,
			endpoint: baseUrl,
			customEndpoint: settings.baseUrl !== undefined,
		},
		timeoutMs: options.timeoutMs ?? 10_000,
	}
}

/**
 * The models the provider offers, with what it says about each (context window, output cap,
 * prices, images, tools, reasoning) over what Cairn's catalog knows, sorted by id. Throws a
 * ProviderError that says whether the key, the address or the answer was wrong.
 */
export async function listModels(
	settings: ProviderSettings,
	apiKey: string | undefined,
	options: ListingOptions = {},
): Promise<ListedModel[]> {
	const key = apiKey?.trim() || undefined
	if (settings.provider === "vscode-lm" && options.editorModels !== undefined)
		return withKnownInfo(settings, await options.editorModels())
	const lister = listers[settings.provider]
	if (lister === undefined)
		throw new ProviderError(
			"bad_request",
			`${providerKinds[settings.provider].label} cannot list its models here; type the model id.`,
		)
	const target = listingTarget(settings, key, options)
	if (key === undefined && needsApiKey(settings))
		throw missingKey(sentenceStart(endpointLabel(target.context)))
	return withKnownInfo(settings, await lister.list(target))
}

/** Each model with what the provider said over what Cairn's catalog knows, sorted by id. */
function withKnownInfo(settings: ProviderSettings, listed: ListedModel[]): ListedModel[] {
	return listed
		.map((model) => ({
			...model,
			info: { ...findKnownModel(settings.provider, model.id), ...model.info },
		}))
		.sort((a, b) => a.id.localeCompare(b.id))
}
