import { describe, expect, it } from "vitest"
import { activeEmbedding } from "./codebaseIndex.js"
import {
	applySettingsPatch,
	cairnSettingsPatchSchema,
	cairnSettingsSchema,
	defaultSettings,
} from "./settings.js"

const embedding = { provider: "openai" as const, modelId: "text-embedding-3-small", dimensions: 512 }

describe("codebaseIndex settings", () => {
	it("index nothing until an embedding model is chosen, and nothing once turned off", () => {
		const defaults = defaultSettings().codebaseIndex
		expect(defaults.enabled).toBe(true)
		expect(activeEmbedding(defaults)).toBeUndefined()
		const chosen = cairnSettingsSchema.parse({ codebaseIndex: { embedding } }).codebaseIndex
		expect(activeEmbedding(chosen)).toEqual(embedding)
		expect(activeEmbedding({ ...chosen, enabled: false })).toBeUndefined()
	})

	it("refuses an embedding model without an id or with an unknown provider", () => {
		expect(
			cairnSettingsSchema.safeParse({
				codebaseIndex: { embedding: { provider: "openai", modelId: "" } },
			}).success,
		).toBe(false)
		expect(
			cairnSettingsSchema.safeParse({
				codebaseIndex: { embedding: { provider: "bedrock", modelId: "m" } },
			}).success,
		).toBe(false)
	})

	it("patches field by field: turning indexing off keeps the model, and null forgets it", () => {
		const settings = cairnSettingsSchema.parse({ codebaseIndex: { embedding, maxResults: 5 } })
		const off = applySettingsPatch(
			settings,
			cairnSettingsPatchSchema.parse({ codebaseIndex: { enabled: false } }),
		)
		expect(off.codebaseIndex).toMatchObject({ enabled: false, embedding, maxResults: 5 })
		const forgotten = applySettingsPatch(
			off,
			cairnSettingsPatchSchema.parse({ codebaseIndex: { embedding: null } }),
		)
		expect(forgotten.codebaseIndex.embedding).toBeUndefined()
		expect("embedding" in forgotten.codebaseIndex).toBe(false)
	})

	it("reports a misspelt field instead of ignoring it", () => {
		expect(cairnSettingsPatchSchema.safeParse({ codebaseIndex: { enabeld: false } }).success).toBe(false)
	})
})
