import { createHash } from "node:crypto"
import { readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { lastToolResult, type RecordedRequest, type Turn } from "@cairn/model-server"
import {
	activeIntentOf,
	clineSayHookSchema,
	clineSayToolSchema,
	safeParseJson,
	type ClineMessage,
} from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// Seed 004's governed agent, whole tasks through the Controller against the scripted model
// server: the intent handshake, scope enforcement with the person in the loop, the trace, and
// the ways governance fails closed.

const intentsYaml = (loginStatus = "IN_PROGRESS") =>
	[
		"active_intents:",
		"  - id: INT-001",
		"    name: Login form",
		`    status: ${loginStatus}`,
		"    owned_scope: ['src/auth/**']",
		"    constraints: ['No new dependencies']",
		"    acceptance_criteria: ['The login form validates the e-mail address']",
		"  - id: INT-002",
		"    name: Billing",
		"    status: DONE",
		"    owned_scope: ['src/billing/**']",
		"",
	].join("\n")

const governed = (extra: Record<string, string> = {}) => ({
	".orchestration/active_intents.yaml": intentsYaml(),
	".orchestration/AGENT.md": "Keep functions small.\n",
	"src/auth/login.ts": "export const login = 1\n",
	...extra,
})

const write = (file: string, content: string) => ({
	toolCalls: [{ name: "write_to_file", arguments: { path: file, content } }],
})
const select = (intent_id: string) => ({
	toolCalls: [{ name: "select_active_intent", arguments: { intent_id } }],
})
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }

/** A turn that first records the tool result the model got for its previous call. */
const after =
	(results: string[], turn: Turn): Turn =>
	(context) => {
		results.push(lastToolResult(context.request) ?? "")
		return typeof turn === "function" ? turn(context) : turn
	}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

function systemPrompt(request: RecordedRequest | undefined): string {
	const body = request?.body as { system?: unknown } | undefined
	return typeof body?.system === "string" ? body.system : JSON.stringify(body?.system ?? "")
}

function offeredTools(request: RecordedRequest | undefined): string[] {
	const body = request?.body as { tools?: { name: string }[] } | undefined
	return (body?.tools ?? []).map((t) => t.name)
}

const hookRows = (messages: readonly ClineMessage[]) =>
	messages.flatMap((m) => {
		if (m.say !== "hook") return []
		const row = safeParseJson(clineSayHookSchema, m.text)
		return row.success ? [row.data] : []
	})

async function traceLines(agent: AgentHarness): Promise<Record<string, unknown>[]> {
	const text = await readFile(path.join(agent.workspace, ".orchestration/agent_trace.jsonl"), "utf8")
	return text
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line) as Record<string, unknown>)
}

const chat = (agent: AgentHarness) => agent.server.requests.filter((r) => r.route === "chat")

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("a governed task", () => {
	it("blocks changes until an intent is selected, then enforces its scope with the person and traces every change", async () => {
		const results: string[] = []
		agent = await startAgent({
			provider: "anthropic",
			// Auto-approved writes: the scope check still asks, whatever auto-approval says.
			settings: { autoApproval: { enabled: true, write: true } },
			files: governed(),
			scenario: [
				write("src/auth/login.ts", "export const login = 'too early'\n"),
				after(results, select("INT-001")),
				after(results, write("src/auth/login.ts", "export const login = 2\n")),
				after(results, write("src/billing/pay.ts", "export const pay = 1\n")),
				after(results, write("src/billing/pay.ts", "export const pay = 2\n")),
				after(results, done),
			],
		})
		await agent.send({ type: "newTask", text: "improve the login form" })

		// Stage 0: the first write is blocked with the handshake reason (the trace below shows the
		// file still held its first content when the in-scope write came).
		await agent.client.waitForAsk("tool")
		const [first] = chat(agent)
		expect(systemPrompt(first)).toMatch(/first action must be select_active_intent/)
		expect(systemPrompt(first)).toContain("INT-001 (Login form)")
		expect(offeredTools(first)).toContain("select_active_intent")
		expect(JSON.parse(results[0] ?? "{}")).toMatchObject({
			error: "no_active_intent",
			valid_intent_ids: ["INT-001"],
		})

		// The handshake: the model gets the intent's context, shown as a row too.
		expect(results[1]).toContain('<intent_context id="INT-001" status="IN_PROGRESS">')
		expect(results[1]).toContain("- src/auth/**")
		expect(results[1]).toContain("Keep functions small.")
		expect(results[1]).toContain("INT-001 (Login form) is now the active intent")
		const rows = hookRows(agent.client.messages)
		expect(rows[0]).toMatchObject({
			kind: "blocked",
			hook: "ScopeEnforcementHook",
			toolName: "write_to_file",
		})
		expect(rows[1]).toMatchObject({ kind: "context", hook: "ContextInjectorHook", intentId: "INT-001" })
		expect(activeIntentOf(agent.client.messages)).toEqual({ id: "INT-001", name: "Login form" })
		expect(systemPrompt(chat(agent)[2])).toMatch(/The active intent is INT-001/)

		// Inside the scope: written without asking (auto-approved) and traced with both hashes.
		expect(await agent.read("src/auth/login.ts")).toBe("export const login = 2\n")
		const [inside] = await traceLines(agent)
		expect(inside).toMatchObject({
			task_id: agent.client.taskId,
			intent_id: "INT-001",
			tool: "write_to_file",
			model_id: "claude-sonnet-5",
			outcome: "completed",
			paths: [
				{
					path: "src/auth/login.ts",
					sha256_before: sha256("export const login = 1\n"),
					sha256_after: sha256("export const login = 2\n"),
				},
			],
		})
		expect(new Date(String(inside?.time)).getTime()).not.toBeNaN()

		// Outside the scope: the person is asked, with the intent, the path and the reason, and says no.
		const ask = safeParseJson(clineSayToolSchema, agent.client.messages.at(-1)?.text)
		expect(ask).toMatchObject({
			success: true,
			data: {
				tool: "scopeViolation",
				intentId: "INT-001",
				intentName: "Login form",
				toolName: "write_to_file",
				path: "src/billing/pay.ts",
				reason: expect.stringContaining("outside the owned scope of INT-001"),
			},
		})
		expect(agent.client.controls.primaryButton?.text).toBe("Approve")
		const firstAskTs = agent.client.messages.at(-1)?.ts
		await agent.press("secondary")

		// The model gets the REQ-001 error; its second attempt is approved, written and traced.
		await agent.client.waitFor((m) => {
			const last = m.messages.at(-1)
			return last?.ask === "tool" && last.partial !== true && last.ts !== firstAskTs
		}, "the second scope ask")
		expect(JSON.parse(results[3] ?? "{}")).toMatchObject({
			code: "REQ-001",
			error: "scope_violation",
			intent_id: "INT-001",
			filename: "src/billing/pay.ts",
		})
		await expect(agent.read("src/billing/pay.ts")).rejects.toThrow(/ENOENT/)
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect(await agent.read("src/billing/pay.ts")).toBe("export const pay = 2\n")
		const lines = await traceLines(agent)
		expect(lines).toHaveLength(2)
		expect(lines[1]).toMatchObject({
			intent_id: "INT-001",
			paths: [
				{
					path: "src/billing/pay.ts",
					sha256_before: null,
					sha256_after: sha256("export const pay = 2\n"),
				},
			],
		})
	})

	it("lets .intentignore paths through without a scope check, still traced", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, write: true } },
			files: governed({ ".orchestration/.intentignore": "docs/\n" }),
			scenario: [select("INT-001"), write("docs/notes.md", "notes\n"), done],
		})
		await agent.send({ type: "newTask", text: "write notes" })
		await agent.client.waitForAsk("completion_result")
		expect(await agent.read("docs/notes.md")).toBe("notes\n")
		expect(agent.client.messages.some((m) => m.type === "ask" && m.ask === "tool")).toBe(false)
		expect((await traceLines(agent)).map((l) => l.paths)).toEqual([
			[{ path: "docs/notes.md", sha256_before: null, sha256_after: sha256("notes\n") }],
		])
	})

	it("refuses an unknown intent and one that is not in progress, listing the valid ids", async () => {
		const results: string[] = []
		agent = await startAgent({
			provider: "anthropic",
			files: governed(),
			scenario: [select("INT-999"), after(results, select("INT-002")), after(results, done)],
		})
		await agent.send({ type: "newTask", text: "pick an intent" })
		await agent.client.waitForAsk("completion_result")
		expect(JSON.parse(results[0] ?? "{}")).toMatchObject({
			error: "invalid_intent",
			intent_id: "INT-999",
			valid_intent_ids: ["INT-001"],
		})
		expect(JSON.parse(results[1] ?? "{}")).toMatchObject({
			error: "invalid_intent",
			message: expect.stringContaining("its status is DONE"),
		})
		expect(hookRows(agent.client.messages).map((r) => r.kind)).toEqual(["blocked", "blocked"])
		expect(activeIntentOf(agent.client.messages)).toBeUndefined()
	})

	it("ends the intent when its status changes mid-task: the next write is blocked", async () => {
		const results: string[] = []
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, write: true } },
			files: governed(),
			scenario: [
				select("INT-001"),
				write("src/auth/login.ts", "export const login = 2\n"),
				async () => {
					const file = path.join(agent?.workspace ?? "", ".orchestration/active_intents.yaml")
					await writeFile(file, intentsYaml("DONE"))
					return write("src/auth/login.ts", "export const login = 3\n")
				},
				after(results, done),
			],
		})
		await agent.send({ type: "newTask", text: "finish the login form" })
		await agent.client.waitForAsk("completion_result")
		expect(await agent.read("src/auth/login.ts")).toBe("export const login = 2\n")
		expect(JSON.parse(results[0] ?? "{}")).toMatchObject({
			error: "no_active_intent",
			message: expect.stringContaining("INT-001 is no longer active: its status is now DONE"),
			valid_intent_ids: [],
		})
		expect(hookRows(agent.client.messages).slice(-2)).toEqual([
			{ kind: "intentEnded", intentId: "INT-001", reason: "its status is now DONE" },
			expect.objectContaining({ kind: "blocked", toolName: "write_to_file" }),
		])
		expect(activeIntentOf(agent.client.messages)).toBeUndefined()
		expect(await traceLines(agent)).toHaveLength(1)
	})

	it("fails closed on a malformed intents file: changes and the handshake are blocked, with the reason", async () => {
		const results: string[] = []
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, write: true } },
			files: { ".orchestration/active_intents.yaml": "active_intents: [\n  - id: INT-001\n" },
			scenario: [write("a.txt", "x\n"), after(results, select("INT-001")), after(results, done)],
		})
		await agent.send({ type: "newTask", text: "write a.txt" })
		await agent.client.waitForAsk("completion_result")
		await expect(agent.read("a.txt")).rejects.toThrow(/ENOENT/)
		for (const result of results) {
			expect(JSON.parse(result)).toMatchObject({
				error: "governance_unavailable",
				message: expect.stringContaining("active_intents.yaml is not valid YAML"),
			})
		}
		expect(systemPrompt(chat(agent)[0])).toMatch(/cannot be used: .*not valid YAML/)
		const blocked = hookRows(agent.client.messages).filter((r) => r.kind === "blocked")
		expect(blocked).toHaveLength(2)
	})

	it("asks before a command, which names no paths, and traces it with its exit code", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: governed(),
			scenario: [
				select("INT-001"),
				{
					toolCalls: [
						{ name: "execute_command", arguments: { command: "echo hi > src/auth/note.txt" } },
					],
				},
				done,
			],
		})
		await agent.send({ type: "newTask", text: "run something" })
		await agent.client.waitForAsk("tool")
		expect(safeParseJson(clineSayToolSchema, agent.client.messages.at(-1)?.text)).toMatchObject({
			data: {
				tool: "scopeViolation",
				toolName: "execute_command",
				command: "echo hi > src/auth/note.txt",
				reason: expect.stringContaining("does not say which files it changes"),
			},
		})
		await agent.press("primary")
		// Approving the scope is not approving the command: its own approval still follows.
		await agent.client.waitForAsk("command")
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		expect(await traceLines(agent)).toEqual([
			expect.objectContaining({
				tool: "execute_command",
				command: "echo hi > src/auth/note.txt",
				exit_code: 0,
				paths: [],
			}),
		])
	})
})

describe("a governed task interrupted", () => {
	it("cancelled at the scope ask and reopened after a restart, it goes on under its intent", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, write: true } },
			files: governed(),
			scenario: [
				select("INT-001"),
				write("src/billing/pay.ts", "export const pay = 1\n"),
				write("src/auth/login.ts", "export const login = 'resumed'\n"),
				done,
			],
		})
		await agent.send({ type: "newTask", text: "work on the login form" })
		await agent.client.waitFor(
			(m) => m.messages.at(-1)?.ask === "tool" && !m.messages.at(-1)?.partial,
			"the scope ask",
		)
		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task")
		const taskId = agent.client.taskId ?? ""
		await agent.restart()

		await agent.send({ type: "showTaskWithId", taskId })
		await agent.client.waitForAsk("resume_task")
		expect(activeIntentOf(agent.client.messages)).toEqual({ id: "INT-001", name: "Login form" })
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")
		await expect(agent.read("src/billing/pay.ts")).rejects.toThrow(/ENOENT/)
		expect(await agent.read("src/auth/login.ts")).toBe("export const login = 'resumed'\n")
		expect((await traceLines(agent)).map((l) => [l.intent_id, l.task_id])).toEqual([["INT-001", taskId]])
		const resumed = chat(agent)[2]
		expect(systemPrompt(resumed)).toMatch(/The active intent is INT-001/)
		expect(JSON.stringify(resumed?.body)).toContain("TASK RESUMPTION")
	})
})

describe("an ungoverned workspace", () => {
	it("works as before: no handshake offered, nothing blocked, no trace", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, write: true } },
			scenario: [write("a.txt", "x\n"), done],
		})
		await agent.send({ type: "newTask", text: "write a.txt" })
		await agent.client.waitForAsk("completion_result")
		expect(await agent.read("a.txt")).toBe("x\n")
		const [first] = chat(agent)
		expect(offeredTools(first)).not.toContain("select_active_intent")
		expect(systemPrompt(first)).not.toContain("GOVERNANCE")
		expect(hookRows(agent.client.messages)).toEqual([])
		await expect(agent.read(".orchestration/agent_trace.jsonl")).rejects.toThrow(/ENOENT/)
	})
})
