import { describe, expect, it } from "vitest"
import { i18n } from "../../../i18n/i18n"
import { modelSummary, withInfoField, withPickedModel } from "./modelInfoEdits"

const base = { provider: "openrouter" as const, modelId: "a/one" }

describe("model info edits", () => {
	it("sets and removes one override, leaving no empty modelInfo", () => {
		const priced = withInfoField(base, "inputPrice", 3)
		expect(priced).toEqual({ ...base, modelInfo: { inputPrice: 3 } })
		expect(withInfoField(priced, "inputPrice", undefined)).toEqual(base)
	})

	it("picking a listed model keeps what the provider said of it", () => {
		const picked = withPickedModel(base, {
			id: "b/two",
			info: { contextWindow: 200_000, maxOutputTokens: 64_000, inputPrice: 3, outputPrice: 15 },
		})
		expect(picked).toEqual({
			...base,
			modelId: "b/two",
			modelInfo: { contextWindow: 200_000, maxOutputTokens: 64_000, inputPrice: 3, outputPrice: 15 },
		})
	})

	it("the person's overrides of the same model win; another model's are dropped", () => {
		const tuned = { ...base, modelInfo: { inputPrice: 1 } }
		expect(
			withPickedModel(tuned, { id: "a/one", info: { inputPrice: 3, outputPrice: 15 } }).modelInfo,
		).toEqual({
			inputPrice: 1,
			outputPrice: 15,
		})
		expect(withPickedModel(tuned, { id: "b/two", info: {} })).toEqual({ ...base, modelId: "b/two" })
	})

	it("summarizes window, output and prices", () => {
		const english = i18n.getFixedT("en", "settings")
		expect(
			modelSummary(
				{
					contextWindow: 1_000_000,
					maxOutputTokens: 8_192,
					inputPrice: 3,
					outputPrice: 15,
				},
				english,
			),
		).toBe("1M context · 8,192 output · $3 in / $15 out per million tokens")
		expect(modelSummary({ contextWindow: 131_072, inputPrice: 0, outputPrice: 0 }, english)).toBe(
			"131k context · free",
		)
	})

	it("dates a catalog's prices, and never calls an unknown price free", () => {
		const english = i18n.getFixedT("en", "settings")
		expect(modelSummary({ inputPrice: 3, outputPrice: 15, pricesCheckedOn: "2026-11-25" }, english)).toBe(
			"$3 in / $15 out per million tokens · prices as of 2026-11-25",
		)
		expect(modelSummary({ inputPrice: 0, outputPrice: 0, priceUnknown: true }, english)).toBe(
			"price unknown",
		)
	})
})
