import { cp, readFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { demoModelId, demoProfileId, demoProfileName, type ProviderProfile } from "@cairn/types"
import { parseScenarioFile, startModelServer, type ModelServer } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import type { DemoHost } from "./demoHost.js"

// Issue 38: the demo. "Try the demo" adds the "Demo (offline)" profile served by the project's
// scripted model playing examples/demo/scenario.json, in a copy of examples/demo/project; the task
// it plays goes through the real tools; one click removes the profile and stops the model.

const demoFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../examples/demo")

/** A real demo host: the model server on 127.0.0.1 playing the demo's script, the sample copied into `workspace`. */
function demoHost(workspace: () => string) {
	let server: ModelServer | undefined
	let inSample = false
	const script = async () =>
		parseScenarioFile(await readFile(path.join(demoFolder, "scenario.json"), "utf8"), "scenario.json")
			.turns
	let turns: Awaited<ReturnType<typeof script>> = []
	const host = {
		starts: 0,
		/** The chat requests the scripted model answered, as sent. */
		chatBodies: () => (server?.requests ?? []).filter((r) => r.route === "chat").map((r) => r.rawBody),
		get listening() {
			return server !== undefined
		},
		async startModel() {
			if (server === undefined) {
				turns = await script()
				server = await startModelServer({ scenario: turns, lifetimeMs: 300_000 })
				host.starts++
			}
			return server.openaiBaseURL
		},
		restartScript() {
			server?.reset(turns)
		},
		async stopModel() {
			await server?.close()
			server = undefined
		},
		inSampleProject: () => inSample,
		async openSampleProject() {
			await cp(path.join(demoFolder, "project"), workspace(), { recursive: true })
			inSample = true
		},
	} satisfies DemoHost & Record<string, unknown>
	return host
}

let agent: AgentHarness | undefined
let demo: ReturnType<typeof demoHost> | undefined
afterEach(async () => {
	await agent?.cleanup()
	await demo?.stopModel()
	agent = undefined
	demo = undefined
})

/** An agent on a first run (no profile, no key) whose host has the demo. */
async function firstRun(): Promise<{ a: AgentHarness; d: ReturnType<typeof demoHost> }> {
	// The sample is copied into the workspace the harness makes, known once it is made.
	let workspace = ""
	const made = demoHost(() => workspace)
	demo = made
	const a = await startAgent({
		provider: "openai",
		withoutProvider: true,
		settings: { enableCheckpoints: true },
		demo: made,
	})
	workspace = a.workspace
	agent = a
	return { a, d: made }
}

const profiles = (a: AgentHarness): readonly ProviderProfile[] => a.controller.settingsStore.profiles

describe("the demo", () => {
	it("Try the demo adds the Demo (offline) profile, current, for the scripted model, and opens the sample project", async () => {
		const { a, d } = await firstRun()
		await a.send({ type: "startDemo" })
		expect(profiles(a)).toEqual([
			{
				id: demoProfileId,
				name: demoProfileName,
				provider: expect.objectContaining({
					provider: "openai",
					modelId: demoModelId,
					baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/),
				}),
			},
		])
		expect(a.controller.settingsStore.settings.currentProfileId).toBe(demoProfileId)
		expect(await a.read("greet.js")).toContain('return "Hello, world!"')
		// Every client heard of it, without a key.
		expect(a.client.received.findLast((m) => m.type === "settingsUpdated")).toMatchObject({
			settings: { currentProfileId: demoProfileId },
		})
		// A second start keeps one profile and one model.
		await a.send({ type: "startDemo" })
		expect(profiles(a).map((p) => p.name)).toEqual([demoProfileName])
		expect(d.starts).toBe(1)
	})

	it("the person's own profile stays, and is current again once the demo is removed; removing stops the model", async () => {
		const { a, d } = await firstRun()
		await a.controller.settingsStore.update({
			provider: { provider: "openai", modelId: "gpt-4.1", baseUrl: "http://127.0.0.1:9/v1" },
		})
		const own = a.controller.settingsStore.settings.currentProfileId
		await a.send({ type: "startDemo" })
		expect(profiles(a).map((p) => p.name)).toEqual(["gpt-4.1", demoProfileName])
		expect(d.listening).toBe(true)

		await a.send({ type: "removeDemo" })
		expect(profiles(a).map((p) => p.name)).toEqual(["gpt-4.1"])
		expect(a.controller.settingsStore.settings.currentProfileId).toBe(own)
		expect(d.listening).toBe(false)
	})

	it("removing the only profile, the demo's, leaves none: the welcome view shows again", async () => {
		const { a, d } = await firstRun()
		await a.send({ type: "startDemo" })
		await a.send({ type: "removeDemo" })
		expect(profiles(a)).toEqual([])
		expect(a.controller.settingsStore.settings.provider).toBeUndefined()
		expect(d.listening).toBe(false)
	})

	it("plays the whole walk through the real tools: todo list, subtask, read, edit with a checkpoint, command", async () => {
		const { a, d } = await firstRun()
		await a.send({ type: "startDemo" })
		await a.send({ type: "startDemoTask", text: "Show me the demo" })
		// The person approves each step the demo asks for, once, as it comes.
		const approved: string[] = []
		const answered = new Set<number>()
		const finished = () =>
			a.client.messages.some(
				(m) =>
					(m.say ?? m.ask) === "completion_result" &&
					m.text?.includes("That was the whole demo") === true,
			)
		const waiting = () => {
			const last = a.client.messages.at(-1)
			const approval = last?.ask === "tool" || last?.ask === "command"
			return approval && last?.partial !== true && !answered.has(last.ts) ? last : undefined
		}
		while (!finished()) {
			await a.client
				.waitFor(() => finished() || waiting() !== undefined, "the next ask", 30_000)
				.catch((e) => {
					console.log(
						"DBG2",
						JSON.stringify(a.logs.slice(-15)),
						a.client.received.map((m) => m.type).join(","),
						JSON.stringify(a.client.messages.slice(-3)),
					)
					throw e
				})
			const ask = waiting()
			if (finished() || ask === undefined) break
			answered.add(ask.ts)
			approved.push(ask.ask === "tool" ? String(JSON.parse(ask.text ?? "{}").tool) : "command")
			await a.press("primary")
		}
		expect(approved).toEqual(["newTask", "readFile", "editedExistingFile", "command"])
		expect(a.controller.settingsStore.settings.mode).toBe("orchestrator")
		expect(await a.read("greet.js")).toContain("return `Hello, ${name}!`")
		// The subtask's rows went by on screen too: its checkpoint before the edit, the command's output.
		const shown = a.client.received.flatMap((m) => (m.type === "messageUpdated" ? [m.message] : []))
		expect(shown.map((m) => m.say)).toContain("checkpoint_saved")
		expect(d.chatBodies().some((body) => body.includes("ok: greet greets by name"))).toBe(true)
		// Every answer says it is the scripted demo.
		const asked = [
			"Show me the demo",
			"greet() in greet.js ignores the name it is given. Read it, fix it, and run node test.js.",
		]
		const texts = shown
			.filter((m) => m.say === "text" && m.partial !== true && !asked.includes(m.text ?? ""))
			.map((m) => m.text ?? "")
		expect(texts.length).toBeGreaterThan(0)
		for (const text of texts) expect(text).toMatch(/^\(Scripted demo/)
	}, 60_000)
})
