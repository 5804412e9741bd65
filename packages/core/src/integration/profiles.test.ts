import type { ExtensionMessageOf } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 19: provider profiles. Switching the profile in the chat box mid-task sends the task's
// next request to the other profile's model, base URL and key, against the real model server.

const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
const question = {
	toolCalls: [
		{
			name: "ask_followup_question",
			arguments: { question: "Which one?", follow_up: [{ text: "this" }, { text: "that" }] },
		},
	],
}

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const chat = (a: AgentHarness) => a.server.requests.filter((r) => r.route === "chat")
const modelOf = (body: unknown) => (body as { model?: string }).model
const lastError = (a: AgentHarness) =>
	a.client.received.filter((m): m is ExtensionMessageOf<"error"> => m.type === "error").at(-1)

/** A second profile "Local" (another model id, its own key), made from the first; the first stays current. */
async function withSecondProfile(a: AgentHarness): Promise<{ first: string; second: string }> {
	const first = a.controller.settingsStore.settings.currentProfileId ?? ""
	await a.send({ type: "createProfile", name: "Local" })
	const second = a.controller.settingsStore.settings.currentProfileId ?? ""
	const provider = a.controller.settingsStore.settings.provider
	if (provider === undefined) throw new Error("no provider")
	await a.send({ type: "updateSettings", settings: { provider: { ...provider, modelId: "gpt-local" } } })
	await a.send({ type: "updateApiKey", provider: "openai", apiKey: "local-key" })
	await a.send({ type: "selectProfile", profileId: first })
	return { first, second }
}

describe("provider profiles", () => {
	it("switching the profile mid-task sends the next request to the other profile's model with its key", async () => {
		agent = await startAgent({ provider: "openai", scenario: [question, done] })
		const a = agent
		const { second } = await withSecondProfile(a)
		await a.send({ type: "newTask", text: "pick one" })
		await a.client.waitForAsk("followup")

		await a.send({ type: "selectProfile", profileId: second })
		await a.send({ type: "askResponse", askResponse: "messageResponse", text: "that" })
		await a.client.waitForAsk("completion_result")

		const [before, after] = chat(a)
		expect(modelOf(before?.body)).toBe("gpt-4.1")
		expect(before?.headers.authorization).toBe("Bearer test-key")
		expect(modelOf(after?.body)).toBe("gpt-local")
		expect(after?.headers.authorization).toBe("Bearer local-key")
		// Nothing of the conversation was lost on the way: the answer reached the other model.
		expect(JSON.stringify(after?.body)).toContain("that")
	})

	it("a mode that remembers a profile switches the task on screen to it", async () => {
		agent = await startAgent({ provider: "openai", scenario: [question, done] })
		const a = agent
		const { second } = await withSecondProfile(a)
		await a.send({ type: "updateSettings", settings: { modeProfiles: { ask: second } } })
		await a.send({ type: "newTask", text: "pick one" })
		await a.client.waitForAsk("followup")
		await a.send({ type: "mode", mode: "ask" })
		expect(a.controller.settingsStore.settings.currentProfileId).toBe(second)
		await a.send({ type: "askResponse", askResponse: "messageResponse", text: "that" })
		await a.client.waitForAsk("completion_result")
		expect(chat(a).map((r) => modelOf(r.body))).toEqual(["gpt-4.1", "gpt-local"])
	})

	it("a mode the model switches to brings the profile it remembers, from the next request", async () => {
		const switchToAsk = { toolCalls: [{ name: "switch_mode", arguments: { mode_slug: "ask" } }] }
		agent = await startAgent({
			provider: "openai",
			settings: { mode: "architect", autoApproval: { enabled: true, alwaysAllowModeSwitch: true } },
			scenario: [switchToAsk, done],
		})
		const a = agent
		const { second } = await withSecondProfile(a)
		await a.send({ type: "updateSettings", settings: { modeProfiles: { ask: second } } })
		await a.send({ type: "newTask", text: "answer in ask mode" })
		await a.client.waitForAsk("completion_result")
		expect(chat(a).map((r) => modelOf(r.body))).toEqual(["gpt-4.1", "gpt-local"])
		// Saving the choice is not what the request waited for; it follows.
		await a.client.waitFor(
			() => a.controller.settingsStore.settings.currentProfileId === second,
			"the mode's profile to be current",
		)
	})

	it("refuses to delete the last profile or to reuse a name, and deleting the current one falls back to another", async () => {
		agent = await startAgent({ provider: "openai" })
		const a = agent
		const only = a.controller.settingsStore.settings.currentProfileId ?? ""
		await a.send({ type: "deleteProfile", profileId: only })
		expect(lastError(a)?.error).toContain("The last profile cannot be deleted")

		const { first, second } = await withSecondProfile(a)
		await a.send({ type: "renameProfile", profileId: second, name: "GPT-4.1" })
		expect(lastError(a)?.error).toBe('A profile named "GPT-4.1" already exists.')
		await a.send({ type: "renameProfile", profileId: second, name: "Laptop" })
		expect(a.controller.settingsStore.profiles.map((p) => p.name)).toEqual(["gpt-4.1", "Laptop"])

		await a.send({ type: "updateSettings", settings: { modeProfiles: { ask: first } } })
		await a.send({ type: "deleteProfile", profileId: first })
		const settings = a.controller.settingsStore.settings
		expect(settings.profiles.map((p) => p.id)).toEqual([second])
		expect(settings.currentProfileId).toBe(second)
		expect(settings.provider?.modelId).toBe("gpt-local")
		expect(settings.modeProfiles).toEqual({})
		expect(await a.controller.host.secrets.get(`apiKey.profile.${first}.openai`)).toBeUndefined()
		expect(a.client.received.at(-1)).toMatchObject({ type: "settingsUpdated", hasApiKey: true })
	})

	it("imports an export of another Cairn (never with keys) and refuses a bad one without adding anything", async () => {
		agent = await startAgent({ provider: "openai" })
		const a = agent
		const exported = {
			cairnProfiles: 1,
			profiles: [
				{ name: "Claude", provider: { provider: "anthropic", modelId: "claude-sonnet-5" } },
				{ name: "Qwen", provider: { provider: "ollama", modelId: "qwen3:8b" } },
			],
		}
		await a.send({ type: "importProfiles", text: JSON.stringify(exported) })
		expect(a.controller.settingsStore.profiles.map((p) => p.name)).toEqual(["gpt-4.1", "Claude", "Qwen"])
		expect(a.controller.settingsStore.settings.provider?.modelId).toBe("gpt-4.1")

		await a.send({ type: "importProfiles", text: JSON.stringify(exported) })
		expect(lastError(a)?.error).toBe(
			'Nothing was imported: a profile named "Claude", "Qwen" already exists. Rename or delete it first.',
		)
		await a.send({ type: "importProfiles", text: "{ not json" })
		expect(lastError(a)?.error).toMatch(/^The profiles cannot be imported: invalid JSON/)
		const [claude] = exported.profiles
		const twins = {
			cairnProfiles: 1,
			profiles: [
				{ ...claude, name: "Twin" },
				{ ...claude, name: "twin " },
			],
		}
		await a.send({ type: "importProfiles", text: JSON.stringify(twins) })
		expect(a.controller.settingsStore.profiles).toHaveLength(3)
		expect(lastError(a)?.error).toMatch(/used twice/)
	})

	it("older settings (one provider, its key saved per provider) become a profile with that key", async () => {
		agent = await startAgent({ provider: "openai", scenario: [done] })
		const a = agent
		const provider = a.controller.settingsStore.settings.provider
		await a.controller.host.state.set("settings", { provider, mode: "code" })
		await a.controller.host.secrets.set("apiKey.openai", "old-key")
		await a.restart()
		const settings = a.controller.settingsStore.settings
		expect(settings.profiles).toEqual([{ id: settings.currentProfileId, name: "gpt-4.1", provider }])
		await a.send({ type: "newTask", text: "go" })
		await a.client.waitForAsk("completion_result")
		expect(chat(a)[0]?.headers.authorization).toBe("Bearer old-key")
	})
})

describe("the welcome form's messages, handled as they come", () => {
	it("a task sent right after the provider and its key runs with both, though none was awaited", async () => {
		agent = await startAgent({ provider: "openai", withoutProvider: true, scenario: [done] })
		const a = agent
		// The view shows the chat box as soon as it sends the provider, so a quick person (or a
		// test) sends the task before the host has saved the settings it follows.
		await Promise.all([
			a.send({
				type: "updateTrustSettings",
				settings: {
					provider: { provider: "openai", modelId: "gpt-4.1", baseUrl: a.server.openaiBaseURL },
				},
			}),
			a.send({ type: "updateApiKey", provider: "openai", apiKey: "typed-key" }),
			a.send({ type: "newTask", text: "hello" }),
		])
		await a.client.waitFor(
			(m) => m.messages.some((row) => row.say === "completion_result"),
			"the completion",
			3000,
		)
		expect(chat(a).map((request) => request.headers.authorization)).toEqual(["Bearer typed-key"])
		expect(lastError(a)).toBeUndefined()
	})
})
