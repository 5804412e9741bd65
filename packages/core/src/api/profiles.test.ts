import { afterEach, describe, expect, it } from "vitest"
import { startApi, type ApiHarness } from "../test-support/apiHarness.js"

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

let harness: ApiHarness | undefined
afterEach(async () => {
	await harness?.agent.cleanup()
	harness = undefined
})

describe("profiles through the API", () => {
	it("lists the saved profiles and selects one by name; the next task talks to its model", async () => {
		harness = await startApi({ provider: "ollama", scenario: [done] })
		const { api, agent } = harness
		await agent.send({ type: "createProfile", name: "Other" })
		await api.setConfiguration({
			provider: { provider: "ollama", modelId: "qwen-other", baseUrl: agent.server.url },
		})
		await api.selectProfile("QWEN3:8B")
		const { profiles, currentProfileId } = await api.getProfiles()
		expect(profiles.map((p) => [p.name, p.provider.modelId])).toEqual([
			["qwen3:8b", "qwen3:8b"],
			["Other", "qwen-other"],
		])
		expect(currentProfileId).toBe(profiles[0]?.id)

		await api.selectProfile("Other")
		const completed = new Promise<void>((resolve) => api.once("taskCompleted", () => resolve()))
		await api.startNewTask({ text: "go" })
		await completed
		const chat = agent.server.requests.find((r) => r.route === "chat")
		expect((chat?.body as { model?: string }).model).toBe("qwen-other")
	})

	it("refuses a name that is not saved, listing the saved ones", async () => {
		harness = await startApi({ provider: "ollama" })
		await expect(harness.api.selectProfile("Work")).rejects.toThrow(
			'selectProfile: there is no profile "Work". Profiles: qwen3:8b',
		)
	})
})
