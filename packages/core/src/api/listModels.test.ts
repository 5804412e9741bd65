import { afterEach, describe, expect, it } from "vitest"
import { startApi, type ApiHarness } from "../test-support/apiHarness.js"

let harness: ApiHarness | undefined
afterEach(async () => {
	await harness?.agent.cleanup()
	harness = undefined
})

describe("listModels through the API", () => {
	it("lists the current provider's models with the saved key", async () => {
		harness = await startApi({
			provider: "lmstudio",
			server: { apiKey: "test-key", contextWindow: 8_192, models: ["qwen2.5-coder-7b-instruct"] },
		})
		expect(await harness.api.listModels()).toEqual([
			{ id: "qwen2.5-coder-7b-instruct", info: { contextWindow: 8_192, supportsImages: false } },
		])
	})

	it("rejects with the provider's reason", async () => {
		harness = await startApi({ provider: "openrouter", server: { apiKey: "another" } })
		await expect(harness.api.listModels()).rejects.toThrow(
			/^The API key for OpenRouter \(.*\) was rejected \(401/,
		)
	})
})
