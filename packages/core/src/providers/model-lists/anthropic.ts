import type { ListedModel } from "@cairn/types"
import { toProviderError } from "../providerErrors.js"
import { lazy } from "../wireHelpers.js"
import type { ListingTarget } from "./listingRequest.js"

const loadSdk = lazy(() => import("@anthropic-ai/sdk"))

/** Anthropic's `GET /v1/models` through its SDK, every page of it. */
export async function listAnthropic(target: ListingTarget): Promise<ListedModel[]> {
	const sdk = await loadSdk()
	const client = new sdk.Anthropic({
		apiKey: target.apiKey ?? null,
		baseURL: target.baseUrl,
		maxRetries: 0,
		timeout: target.timeoutMs,
		...(target.settings.headers && { defaultHeaders: target.settings.headers }),
	})
	const listed: ListedModel[] = []
	try {
		for await (const model of client.models.list({ limit: 1000 })) {
			const capabilities = model.capabilities
			listed.push({
				id: model.id,
				...(model.display_name && model.display_name !== model.id && { name: model.display_name }),
				info: {
					...(model.max_input_tokens && { contextWindow: model.max_input_tokens }),
					...(model.max_tokens && { maxOutputTokens: model.max_tokens }),
					...(capabilities && {
						supportsImages: capabilities.image_input.supported,
						supportsReasoning: capabilities.thinking.supported,
					}),
				},
				supportsTools: true,
			})
		}
	} catch (error) {
		throw toProviderError(error, { ...target.context, sdk })
	}
	return listed
}
