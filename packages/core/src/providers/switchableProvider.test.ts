import { describe, expect, it } from "vitest"
import type { ApiStreamChunk, ModelProvider } from "./modelProvider.js"
import { SwitchableProvider } from "./switchableProvider.js"

const info = {
	contextWindow: 1000,
	maxOutputTokens: 100,
	inputPrice: 0,
	outputPrice: 0,
	supportsImages: false,
	supportsPromptCache: false,
	supportsReasoning: false,
}
const model = (id: string): ModelProvider => ({
	name: "openai",
	model: { id, info },
	async *createMessage() {
		yield { type: "text", text: id }
	},
})
const answer = async (provider: ModelProvider) => {
	const chunks: ApiStreamChunk[] = []
	for await (const chunk of provider.createMessage({ systemPrompt: "", messages: [], tools: [] }))
		chunks.push(chunk)
	return chunks
}

describe("SwitchableProvider", () => {
	it("a request that starts while a switch is being prepared waits for it and goes to the new model", async () => {
		const provider = new SwitchableProvider(model("first"))
		let ready: (next: ModelProvider) => void = () => undefined
		provider.switchTo(new Promise((resolve) => (ready = resolve)))
		const request = answer(provider)
		ready(model("second"))
		expect(await request).toEqual([{ type: "text", text: "second" }])
		expect(provider.model.id).toBe("second")
	})

	it("settled resolves once the switch asked for is in place: the model read then is the new one", async () => {
		const provider = new SwitchableProvider(model("first"))
		let ready: (next: ModelProvider) => void = () => undefined
		provider.switchTo(new Promise((resolve) => (ready = resolve)))
		const settled = provider.settled().then(() => provider.model.id)
		expect(provider.model.id).toBe("first")
		ready(model("second"))
		expect(await settled).toBe("second")
	})

	it("a switch that fails leaves the model as it was", async () => {
		const provider = new SwitchableProvider(model("first"))
		provider.switchTo(Promise.reject(new Error("No API key")))
		expect(await answer(provider)).toEqual([{ type: "text", text: "first" }])
		expect(provider.model.id).toBe("first")
	})
})
