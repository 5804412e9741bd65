import type { ConnectionTest, ProviderSettings } from "@cairn/types"
import { hostText, type HostText } from "../../i18n/hostText.js"
import { buildProvider } from "../buildProvider.js"
import { ProviderError } from "../providerError.js"
import { endpointLabel } from "../providerErrors.js"
import { connectionProblem, problemOf } from "../providerProblem.js"
import { canListModels, listingTarget, listModels } from "./listModels.js"
import type { ListingOptions } from "./listModels.js"

/** How many of the listed ids a "not listed" answer names. */
const namedIds = 5

function failed(error: unknown, asking: "list" | "request"): ConnectionTest {
	if (error instanceof ProviderError) {
		const failure = problemOf(error)
		return { ok: false, problem: connectionProblem(failure, asking), message: error.message, failure }
	}
	return { ok: false, problem: "other", message: error instanceof Error ? error.message : String(error) }
}

/**
 * Whether these settings reach a provider that takes the key and knows the model: its model list
 * where it has one, else the smallest request (one word asked, cancelled at the first chunk). The
 * answer says which of key, address and model id is wrong, in a sentence that names them.
 */
export async function testConnection(
	settings: ProviderSettings,
	apiKey: string | undefined,
	options: ListingOptions = {},
	text: HostText = hostText("en"),
): Promise<ConnectionTest> {
	if (!canListModels(settings.provider, options)) return await testByRequest(settings, apiKey, text)
	const endpoint = endpointLabel(listingTarget(settings, apiKey, options).context, text)
	let ids: string[]
	try {
		ids = (await listModels(settings, apiKey, options)).map((model) => model.id)
	} catch (error) {
		return failed(error, "list")
	}
	const modelCount = ids.length
	const { modelId } = settings
	if (modelId === "")
		return { ok: true, message: text("connection.lists", { endpoint, count: modelCount }), modelCount }
	if (ids.includes(modelId))
		return {
			ok: true,
			message: text("connection.listsModel", { endpoint, count: modelCount, modelId }),
			modelCount,
		}
	const models = ids.slice(0, namedIds).join(", ")
	const more = ids.length - namedIds
	return {
		ok: false,
		problem: "model_missing",
		message:
			ids.length === 0
				? text("connection.listsNone", { endpoint })
				: more > 0
					? text("connection.modelNotListedMore", { endpoint, modelId, models, count: more })
					: text("connection.modelNotListed", { endpoint, modelId, models }),
		modelCount,
	}
}

/** The test of a provider that cannot list its models: one small request, cut at its first chunk. */
export async function testByRequest(
	settings: ProviderSettings,
	apiKey: string | undefined,
	text: HostText = hostText("en"),
): Promise<ConnectionTest> {
	const endpoint = endpointLabel(listingTarget(settings, apiKey).context, text)
	const controller = new AbortController()
	try {
		const provider = buildProvider(settings, apiKey)
		const stream = provider.createMessage({
			systemPrompt: "Answer in one word.",
			messages: [{ role: "user", content: [{ type: "text", text: "Ready?" }] }],
			tools: [],
			signal: controller.signal,
		})
		// The first chunk is proof enough; the rest of the answer would only cost tokens.
		for await (const _chunk of stream) break
		return { ok: true, message: text("connection.answered", { endpoint, modelId: settings.modelId }) }
	} catch (error) {
		return failed(error, "request")
	} finally {
		controller.abort()
	}
}
