import { modelInfoSchema } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { defaultModelInfo, findKnownModel, knownModels, resolveModelInfo } from "./modelCatalog.js"

describe("model catalog", () => {
	it("holds only valid ModelInfo, with cache prices below input prices", () => {
		for (const catalog of Object.values(knownModels)) {
			for (const [id, info] of Object.entries(catalog)) {
				expect(modelInfoSchema.safeParse(info).success, id).toBe(true)
				expect(info.cacheReadsPrice ?? 0, id).toBeLessThan(info.inputPrice)
				expect(info.maxOutputTokens, id).toBeLessThanOrEqual(info.contextWindow)
			}
		}
		for (const info of Object.values(defaultModelInfo))
			expect(modelInfoSchema.safeParse(info).success).toBe(true)
	})

	it("finds dated snapshots and gateway-prefixed ids under their alias", () => {
		expect(findKnownModel("anthropic", "claude-haiku-4-5-20251001")).toBe(
			knownModels.anthropic["claude-haiku-4-5"],
		)
		expect(findKnownModel("openai", "gpt-4.1-2025-04-14")).toBe(knownModels.openai["gpt-4.1"])
		expect(findKnownModel("openai", "openai/gpt-5-mini")).toBe(knownModels.openai["gpt-5-mini"])
		expect(findKnownModel("openai", "mistral-large")).toBeUndefined()
		expect(findKnownModel("vertex", "claude-sonnet-4-5@20250929")).toBe(
			knownModels.anthropic["claude-sonnet-4-5"],
		)
		expect(findKnownModel("vertex", "gemini-2.5-pro")).toBe(knownModels.gemini["gemini-2.5-pro"])
	})

	it("finds a Bedrock model by its id, a cross-region inference profile or a profile ARN", () => {
		const sonnet = knownModels.bedrock["anthropic.claude-sonnet-4-5-20250929-v1:0"]
		expect(sonnet).toMatchObject({ inputPrice: 3, outputPrice: 15, cacheReadsPrice: 0.3 })
		for (const id of [
			"us.anthropic.claude-sonnet-4-5-20250929-v1:0",
			"eu.anthropic.claude-sonnet-4-5-20250929-v1:0",
			"global.anthropic.claude-sonnet-4-5-20250929-v1:0",
			"arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-sonnet-4-5-20250929-v1:0",
		])
			expect(findKnownModel("bedrock", id), id).toBe(sonnet)
		expect(findKnownModel("bedrock", "us.amazon.nova-pro-v1:0")?.cacheReadsPrice).toBe(0.2)
		expect(findKnownModel("bedrock", "us.mistral.pixtral-large-2502-v1:0")).toBeUndefined()
		// The geography is Bedrock's alone: other providers' ids keep theirs.
		expect(findKnownModel("openai", "us.gpt-4.1")).toBeUndefined()
	})

	it("falls back to the provider's defaults (Ollama at price 0) and applies overrides on top", () => {
		expect(resolveModelInfo("ollama", "qwen3:8b")).toEqual(defaultModelInfo.ollama)
		expect(resolveModelInfo("ollama", "qwen3:8b").inputPrice).toBe(0)
		expect(resolveModelInfo("anthropic", "claude-next-9")).toEqual(defaultModelInfo.anthropic)
		expect(
			resolveModelInfo("openai", "gpt-5.2", { outputPrice: 1, contextWindow: undefined }),
		).toMatchObject({
			outputPrice: 1,
			contextWindow: 400_000,
			inputPrice: 1.75,
		})
	})
})

describe("what the catalog says of prices", () => {
	it("dates every price it lists: the day it was compared with the provider's list", () => {
		for (const models of Object.values(knownModels))
			for (const info of Object.values(models))
				expect(info.pricesCheckedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
	})

	it("marks a paid provider's unknown model as priced unknown, never as free", () => {
		expect(resolveModelInfo("anthropic", "claude-from-the-future").priceUnknown).toBe(true)
		expect(resolveModelInfo("openrouter", "some/model").priceUnknown).toBe(true)
		// Local servers are free.
		expect(resolveModelInfo("ollama", "llama3").priceUnknown).toBeUndefined()
	})

	it("takes a profile's own prices as known, and no longer dates them as the catalog's", () => {
		const own = resolveModelInfo("anthropic", "claude-from-the-future", { inputPrice: 1, outputPrice: 2 })
		expect(own).toMatchObject({ inputPrice: 1, outputPrice: 2, priceUnknown: false })
		const listed = resolveModelInfo("anthropic", "claude-sonnet-4-5", { inputPrice: 2.5 })
		expect(listed.pricesCheckedOn).toBeUndefined()
		expect(resolveModelInfo("anthropic", "claude-sonnet-4-5").pricesCheckedOn).toBe("2026-11-25")
	})
})
