import type { OpenAI } from "openai"
import type { CreateMessageRequest } from "../modelProvider.js"
import { OpenAiProvider } from "../openai/openaiProvider.js"

/** OpenRouter shows these in its rankings and activity log, so the person can tell Cairn's requests apart. */
const attribution = { "HTTP-Referer": "https://github.com/cairn-dev/cairn", "X-Title": "Cairn" }

/** OpenRouter's own fields on a Chat Completions body (https://openrouter.ai/docs). */
interface OpenRouterFields {
	provider?: { order?: string[]; allow_fallbacks?: boolean; data_collection?: "allow" | "deny" }
	reasoning?: { max_tokens: number }
	usage: { include: true }
}

/**
 * OpenRouter: Chat Completions with its attribution headers, its provider routing, a reasoning
 * budget in tokens (it passes it on to each model in that model's own terms), and usage
 * accounting, whose reported cost replaces the one Cairn would compute from list prices.
 */
export class OpenRouterProvider extends OpenAiProvider {
	protected override providerHeaders(): Record<string, string> {
		return attribution
	}

	protected override params(
		request: CreateMessageRequest,
	): OpenAI.ChatCompletionCreateParamsStreaming & OpenRouterFields {
		// OpenRouter takes the budget itself, which says more than the effort it would stand for.
		const { reasoning_effort: _effort, ...params } = super.params(request)
		const { openRouter, reasoningBudgetTokens } = this.settings
		const routing = {
			...(openRouter?.order?.length && { order: openRouter.order }),
			...(openRouter?.allowFallbacks !== undefined && { allow_fallbacks: openRouter.allowFallbacks }),
			...(openRouter?.dataCollection !== undefined && { data_collection: openRouter.dataCollection }),
		}
		return {
			...params,
			...(Object.keys(routing).length > 0 && { provider: routing }),
			...(reasoningBudgetTokens && { reasoning: { max_tokens: reasoningBudgetTokens } }),
			usage: { include: true },
		}
	}
}
