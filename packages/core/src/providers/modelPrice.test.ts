import { describe, expect, it } from "vitest"
import { leastInputPrice, priceKnown, requestPriced } from "./modelPrice.js"
import { defaultModelInfo, resolveModelInfo } from "./modelCatalog.js"

describe("whether a model's price is known", () => {
	it("is not for a paid provider's model the catalog does not list: its 0/0 is no price, not free", () => {
		expect(priceKnown(resolveModelInfo("openai", "my-finetune"))).toBe(false)
		expect(priceKnown(resolveModelInfo("openrouter", "some/model"))).toBe(false)
		expect(leastInputPrice(resolveModelInfo("openrouter", "some/model"))).toBeUndefined()
	})

	it("is for a listed model, and for prices the person set, even 0/0 (a server that is free to them)", () => {
		expect(priceKnown(resolveModelInfo("anthropic", "claude-sonnet-4-5"))).toBe(true)
		const own = resolveModelInfo("openai", "my-finetune", { inputPrice: 0, outputPrice: 0 })
		expect(priceKnown(own)).toBe(true)
		expect(leastInputPrice(own)).toBe(0)
	})

	it("is for what costs nothing per request: local servers and the editor's models", () => {
		for (const provider of ["ollama", "lmstudio", "vscode-lm"] as const) {
			expect(priceKnown(resolveModelInfo(provider, "any"))).toBe(true)
			expect(leastInputPrice(resolveModelInfo(provider, "any"))).toBe(0)
		}
	})

	it("makes a request's cost known when the provider reported it, whatever the model's price", () => {
		const unlisted = resolveModelInfo("openrouter", "some/model")
		expect(requestPriced(unlisted, {})).toBe(false)
		expect(requestPriced(unlisted, { costUsd: 0.0123 })).toBe(true)
		expect(requestPriced(resolveModelInfo("ollama", "llama3"), {})).toBe(true)
	})
})

describe("the least a model's input can cost", () => {
	it("is the input price of a model that caches nothing", () => {
		expect(
			leastInputPrice({
				...defaultModelInfo.openai,
				inputPrice: 2,
				outputPrice: 8,
				priceUnknown: false,
			}),
		).toBe(2)
	})

	it("is the cache-read price of a model that caches prompts: a request may be read from the cache", () => {
		// Claude Sonnet 4.5: $3 in, $0.30 a million cache reads.
		expect(leastInputPrice(resolveModelInfo("anthropic", "claude-sonnet-4-5"))).toBe(0.3)
	})
})
