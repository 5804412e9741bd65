import { lastToolResult, systemText, type RecordedRequest } from "@cairn/model-server"
import type { ExtensionMessageOf } from "@cairn/types"
import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Issue 17: custom modes from `.cairn/modes.yaml`, their rules folders, and fetch_instructions,
// in whole tasks against the model server.

const reviewerFile = `customModes:
  - slug: reviewer
    name: Reviewer
    roleDefinition: You are Cairn, a strict code reviewer who never changes code.
    whenToUse: Reviewing a change.
    groups:
      - read
    customInstructions: Quote the line you comment on.
`
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Reviewed." } }] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const chat = (a: AgentHarness) => a.server.requests.filter((r) => r.route === "chat")
const toolNamesOffered = (request: RecordedRequest | undefined) =>
	((request?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map((t) => t.name)
const completed = (a: AgentHarness) =>
	a.client.waitFor(
		(m) => m.messages.at(-1)?.ask === "completion_result" && m.messages.at(-1)?.partial !== true,
		"the completion",
	)
const lastModes = (a: AgentHarness) =>
	a.client.received.filter((m): m is ExtensionMessageOf<"modes"> => m.type === "modes").at(-1)

describe("a custom mode of .cairn/modes.yaml", () => {
	it("offers only its groups' tools, a call to another is an unknown tool, and its role, instructions and rules folder reach the prompt", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: {
				".cairn/modes.yaml": reviewerFile,
				".cairn/rules-reviewer/checklist.md": "Check error handling first.",
				".cairn/rules-code/style.md": "Code mode only: tabs.",
				"src/a.ts": "export const a = 1\n",
			},
			settings: { autoApproval: { enabled: true, write: true, execute: true, readOnly: true } },
			scenario: [
				{ toolCalls: [{ name: "write_to_file", arguments: { path: "src/a.ts", content: "x\n" } }] },
				done,
			],
		})
		const a = agent
		await a.send({ type: "mode", mode: "reviewer" })
		await a.send({ type: "newTask", text: "review src/a.ts" })
		await completed(a)

		const [first, second] = chat(a)
		const offered = toolNamesOffered(first)
		expect(offered).toEqual(expect.arrayContaining(["read_file", "list_files", "fetch_instructions"]))
		for (const tool of ["write_to_file", "apply_diff", "execute_command", "use_mcp_tool"])
			expect(offered).not.toContain(tool)
		const system = systemText(first?.body)
		expect(system.startsWith("You are Cairn, a strict code reviewer who never changes code.")).toBe(true)
		expect(system).toContain("You are in Reviewer mode (reviewer).")
		expect(system).toContain("- reviewer: Reviewing a change.")
		expect(system).toContain("Quote the line you comment on.")
		expect(system).toContain("RULES FROM .cairn/rules-reviewer/checklist.md")
		expect(system).not.toContain("Code mode only: tabs.")

		expect(lastToolResult(second!)).toContain('There is no tool named "write_to_file"')
		expect(await a.read("src/a.ts")).toBe("export const a = 1\n")
	})

	it("an invalid mode is reported with its file and field, the valid ones still load, and picking it is refused", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: {
				".cairn/modes.yaml": `${reviewerFile}  - slug: runner
    name: Runner
    roleDefinition: You run things.
    whenToUse: Running things.
    groups: [read, shell]
`,
			},
		})
		const a = agent
		await a.send({ type: "webviewDidLaunch" })
		const state = a.client.received.find((m) => m.type === "state")
		expect(state?.type === "state" && state.state.modes.problems).toEqual([
			{
				file: ".cairn/modes.yaml",
				field: "customModes[1].groups[1].group",
				kind: "unknown_group",
				params: { value: '"shell"' },
				text: '.cairn/modes.yaml: customModes[1].groups[1].group: unknown group "shell"; expected one of read, edit, command, mcp, browser, modes',
			},
		])
		const slugs =
			state?.type === "state"
				? state.state.modes.modes.map((mode) => `${mode.slug}:${mode.source}`)
				: []
		expect(slugs).toContain("reviewer:project")
		expect(slugs).not.toContain("runner:project")

		await a.send({ type: "mode", mode: "runner" })
		expect(a.client.received.at(-1)).toMatchObject({
			type: "error",
			code: "not_found",
			inReplyTo: "mode",
			error: expect.stringMatching(/^There is no mode "runner"\. Modes: code, .*reviewer\.$/),
		})
		expect(a.controller.settingsStore.settings.mode).toBe("code")

		// Fixed in the editor: the mode arrives without a restart.
		await writeFile(
			path.join(a.workspace, ".cairn", "modes.yaml"),
			reviewerFile.replace("- read", "- read\n      - command"),
		)
		await a.client.waitFor(
			() =>
				lastModes(a)?.modes.some((mode) => mode.slug === "reviewer" && mode.groups.length === 2) ===
				true,
			"the edited modes",
		)
		expect(lastModes(a)?.problems).toEqual([])
	})

	it("switch_mode reaches it: the model may name a custom mode, and gets its tools from the next request", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: { ".cairn/modes.yaml": reviewerFile },
			// Architect has the modes group, so switch_mode is offered.
			settings: { mode: "architect", autoApproval: { enabled: true, alwaysAllowModeSwitch: true } },
			scenario: [{ toolCalls: [{ name: "switch_mode", arguments: { mode_slug: "reviewer" } }] }, done],
		})
		const a = agent
		await a.send({ type: "newTask", text: "review it" })
		await completed(a)
		const [first, second] = chat(a)
		expect(toolNamesOffered(first)).toContain("write_to_file")
		expect(lastToolResult(second!)).toContain("Switched to reviewer mode.")
		expect(toolNamesOffered(second)).not.toContain("write_to_file")
		expect(systemText(second?.body)).toContain("You are in Reviewer mode (reviewer).")
	})

	it("a mode that remembers a model makes it the provider when picked", async () => {
		agent = await startAgent({ provider: "anthropic", files: { ".cairn/modes.yaml": reviewerFile } })
		const a = agent
		const remembered = { provider: "ollama" as const, modelId: "qwen3:8b", baseUrl: a.server.url }
		await a.send({ type: "updateTrustSettings", settings: { modeProviders: { reviewer: remembered } } })
		await a.send({ type: "mode", mode: "reviewer" })
		expect(a.controller.settingsStore.settings.provider).toEqual(remembered)
		expect(a.client.received.filter((m) => m.type === "settingsUpdated").at(-1)).toMatchObject({
			settings: { provider: remembered },
		})
		await a.send({ type: "mode", mode: "code" })
		expect(a.controller.settingsStore.settings.provider).toEqual(remembered)
	})
})

describe("fetch_instructions create_mode", () => {
	it("tells the model the modes file format, and a mode written by it loads at once", async () => {
		agent = await startAgent({
			provider: "openai",
			// .cairn/ is a protected folder: a person approves writes there, or this switch does.
			settings: { autoApproval: { enabled: true, write: true, writeProtected: true, readOnly: true } },
			scenario: [
				{ toolCalls: [{ name: "fetch_instructions", arguments: { task: "create_mode" } }] },
				{
					toolCalls: [
						{
							name: "write_to_file",
							arguments: { path: ".cairn/modes.yaml", content: reviewerFile },
						},
					],
				},
				done,
			],
		})
		const a = agent
		await a.send({ type: "newTask", text: "make me a reviewer mode" })
		await completed(a)

		const instructions = lastToolResult(chat(a)[1]!)
		expect(instructions).toContain(path.join(a.workspace, ".cairn", "modes.yaml"))
		expect(instructions).toContain("fileRegex: \\.(md|mdx)$")
		expect(instructions).toContain("- command: execute_command")
		expect(instructions).toContain(".cairn/rules-<slug>/")
		expect(instructions).toContain("The modes there are now: code (Code), architect (Architect)")
		const row = a.client.says("tool").find((m) => m.text?.includes('"fetchInstructions"'))
		expect(JSON.parse(row?.text ?? "{}")).toEqual({ tool: "fetchInstructions", content: instructions })

		await a.client.waitFor(
			() =>
				lastModes(a)?.modes.some((mode) => mode.slug === "reviewer" && mode.source === "project") ===
				true,
			"the new mode",
		)
	})
})
