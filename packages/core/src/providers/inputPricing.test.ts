import { describe, expect, it } from "vitest"
import { leastInputPrice } from "./inputPricing.js"
import { defaultModelInfo, resolveModelInfo } from "./modelCatalog.js"

describe("the least a model's input can cost", () => {
	it("is the input price of a model that caches nothing", () => {
		expect(leastInputPrice("openai", { ...defaultModelInfo.openai, inputPrice: 2, outputPrice: 8 })).toBe(
			2,
		)
	})

	it("is the cache-read price of a model that caches prompts: a request may be read from the cache", () => {
		// Claude Sonnet 4.5: $3 in, $0.30 a million cache reads.
		expect(leastInputPrice("anthropic", resolveModelInfo("anthropic", "claude-sonnet-4-5"))).toBe(0.3)
	})

	it("is unknown for a model served by someone else that the catalog has no price for", () => {
		expect(leastInputPrice("openai", defaultModelInfo.openai)).toBeUndefined()
		expect(leastInputPrice("openrouter", defaultModelInfo.openrouter)).toBeUndefined()
	})

	it("is nothing for a model that runs on the person's machine", () => {
		expect(leastInputPrice("ollama", defaultModelInfo.ollama)).toBe(0)
		expect(leastInputPrice("lmstudio", defaultModelInfo.lmstudio)).toBe(0)
	})
})
