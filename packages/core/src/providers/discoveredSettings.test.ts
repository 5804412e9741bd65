import type { ProviderSettings } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { settingsWithDiscovery, withDiscoveredModelInfo } from "./discoveredSettings.js"
import { defaultModelInfo, resolveModelInfo } from "./modelCatalog.js"
import { useModelServers } from "./test-support/providerTesting.js"

const start = useModelServers()

const resolved = (settings: ProviderSettings) =>
	resolveModelInfo(settings.provider, settings.modelId, settings.modelInfo)

describe("model info precedence: the person's > discovered > catalog > defaults", () => {
	const gateway: ProviderSettings = {
		provider: "openai",
		modelId: "vendor/gpt-4o",
		baseUrl: "http://gw/v1",
	}

	it("discovered beats the catalog", () => {
		// The catalog knows gpt-4o (through the id's last part) with a 128,000 window.
		expect(resolved(gateway).contextWindow).toBe(128_000)
		const merged = withDiscoveredModelInfo(gateway, { contextWindow: 64_000, maxOutputTokens: 4_096 })
		expect(resolved(merged)).toMatchObject({
			contextWindow: 64_000,
			maxOutputTokens: 4_096,
			inputPrice: 2.5,
		})
	})

	it("the person's own modelInfo beats discovered, field by field", () => {
		const own = { ...gateway, modelInfo: { contextWindow: 32_000, maxOutputTokens: undefined } }
		const merged = withDiscoveredModelInfo(own, { contextWindow: 64_000, maxOutputTokens: 4_096 })
		expect(merged.modelInfo).toEqual({ contextWindow: 32_000, maxOutputTokens: 4_096 })
		expect(resolved(merged)).toMatchObject({ contextWindow: 32_000, maxOutputTokens: 4_096 })
	})

	it("defaults fill what neither the catalog nor the server knows; nothing discovered changes nothing", () => {
		const unknown: ProviderSettings = { provider: "openai", modelId: "local-7b", baseUrl: "http://lm/v1" }
		expect(withDiscoveredModelInfo(unknown, undefined)).toBe(unknown)
		expect(withDiscoveredModelInfo(unknown, {})).toBe(unknown)
		const merged = withDiscoveredModelInfo(unknown, { contextWindow: 16_384 })
		expect(resolved(merged)).toEqual({ ...defaultModelInfo.openai, contextWindow: 16_384 })
	})

	it("settingsWithDiscovery asks the server and merges its answer", async () => {
		const server = await start({ overflowStyle: "vllm", contextWindow: 24_000, models: ["local-7b"] })
		const settings: ProviderSettings = {
			provider: "openai",
			modelId: "local-7b",
			baseUrl: server.openaiBaseURL,
		}
		expect((await settingsWithDiscovery(settings)).modelInfo).toEqual({ contextWindow: 24_000 })
	})
})
