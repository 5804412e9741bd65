import { describe, expect, it } from "vitest"
import { claudeTraits, thinkingParams } from "./anthropicProvider.js"
import { resolveModelInfo } from "../modelCatalog.js"
import { anthropicAt, drain, useModelServers } from "../test-support/providerTesting.js"

const start = useModelServers()

describe("AnthropicProvider thinking and sampling", () => {
	it("asks for budget thinking on Claude 4.5 and adaptive thinking on Claude 5, without temperature", async () => {
		const server = await start({ scenario: [{ text: "a" }, { text: "b" }] })
		await drain(
			anthropicAt(server, {
				modelId: "claude-haiku-4-5",
				reasoningBudgetTokens: 8_000,
				temperature: 0.2,
			}),
		)
		await drain(
			anthropicAt(server, {
				modelId: "claude-opus-5-5",
				reasoningBudgetTokens: 8_000,
				temperature: 0.2,
			}),
		)
		const [budget, adaptive] = server.requests.map((r) => r.body as Record<string, unknown>)
		// max_tokens is the output reserve: Haiku 4.5's 64,000 capped at a fifth of its 200,000 window.
		expect(budget).toMatchObject({
			thinking: { type: "enabled", budget_tokens: 8_000 },
			max_tokens: 40_000,
		})
		expect(budget?.temperature).toBeUndefined()
		expect(adaptive).toMatchObject({
			thinking: { type: "adaptive", display: "summarized" },
			output_config: { effort: "medium" },
			max_tokens: 128_000,
		})
		expect(adaptive?.temperature).toBeUndefined()
	})

	it("sends temperature when there is no thinking and the model accepts it", async () => {
		const server = await start({ scenario: [{ text: "a" }, { text: "b" }] })
		await drain(anthropicAt(server, { modelId: "claude-haiku-4-5", temperature: 0.2 }))
		await drain(anthropicAt(server, { temperature: 0.2 }))
		const [haiku, opus] = server.requests.map((r) => r.body as Record<string, unknown>)
		expect(haiku?.temperature).toBe(0.2)
		// The Claude 5 family refuses any temperature but its default.
		expect(opus?.temperature).toBeUndefined()
	})
})

describe("Claude traits and thinking parameters", () => {
	it("tells thinking styles apart by model version", () => {
		expect(claudeTraits("claude-sonnet-4-5-20250929")).toEqual({
			adaptiveThinking: false,
			fixedSampling: false,
		})
		expect(claudeTraits("claude-opus-4-20250514")).toEqual({
			adaptiveThinking: false,
			fixedSampling: false,
		})
		expect(claudeTraits("claude-opus-4-6")).toEqual({ adaptiveThinking: true, fixedSampling: false })
		expect(claudeTraits("claude-sonnet-5-5")).toEqual({ adaptiveThinking: true, fixedSampling: true })
		expect(claudeTraits("claude-fable-5-1")).toEqual({ adaptiveThinking: true, fixedSampling: true })
		expect(claudeTraits("claude-3-7-sonnet-latest")).toEqual({
			adaptiveThinking: false,
			fixedSampling: false,
		})
	})

	it("keeps a thinking budget inside Anthropic's bounds, below the output reserve", () => {
		const info = resolveModelInfo("anthropic", "claude-haiku-4-5")
		expect(thinkingParams("claude-haiku-4-5", info, 100)).toEqual({
			thinking: { type: "enabled", budget_tokens: 1_024 },
		})
		// The reserve is 40,000 (a fifth of the window), not the model's 64,000 output cap.
		expect(thinkingParams("claude-haiku-4-5", info, 1_000_000)).toEqual({
			thinking: { type: "enabled", budget_tokens: 40_000 - 1_024 },
		})
		expect(thinkingParams("claude-haiku-4-5", { ...info, contextWindow: 20_000 }, 5_000)).toEqual({
			thinking: { type: "enabled", budget_tokens: 4_000 - 1_024 },
		})
		expect(thinkingParams("claude-haiku-4-5", { ...info, contextWindow: 10_000 }, 5_000)).toEqual({})
		expect(thinkingParams("claude-haiku-4-5", info, 0)).toEqual({})
		expect(thinkingParams("claude-haiku-4-5", { ...info, supportsReasoning: false }, 5_000)).toEqual({})
		expect(thinkingParams("claude-haiku-4-5", { ...info, maxOutputTokens: 1_500 }, 5_000)).toEqual({})
	})
})
