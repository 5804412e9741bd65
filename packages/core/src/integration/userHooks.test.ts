import { readFile } from "node:fs/promises"
import path from "node:path"
import { lastToolResult, type Turn } from "@cairn/model-server"
import { clineSayHookSchema, safeParseJson, type ClineMessage, type UserHooks } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// User hooks (PreToolUse / PostToolUse shell commands) around real tool calls: the hook is a
// real child process reading the event on stdin.

const hooksFile = (hooks: Partial<UserHooks>) => JSON.stringify({ hooks })
const command = (line: string) => ({ toolCalls: [{ name: "execute_command", arguments: { command: line } }] })
const readFileCall = (file: string) => ({ toolCalls: [{ name: "read_file", arguments: { path: file } }] })
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Done." } }] }
const after =
	(results: string[], turn: Turn): Turn =>
	(context) => {
		results.push(lastToolResult(context.request) ?? "")
		return typeof turn === "function" ? turn(context) : turn
	}

const hookRows = (messages: readonly ClineMessage[]) =>
	messages.flatMap((m) => {
		const row = m.say === "hook" ? safeParseJson(clineSayHookSchema, m.text) : undefined
		return row?.success ? [row.data] : []
	})

// These hooks come from the workspace's file, which runs only with the person's consent.
const consentGiven = () => Promise.resolve(true)

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("user hooks", () => {
	it("a PreToolUse hook that exits 2 blocks a command, with its stderr as the reason", async () => {
		const results: string[] = []
		const hook = "cat > hook-input.json; echo 'no commands on Fridays' >&2; exit 2"
		agent = await startAgent({
			provider: "anthropic",
			askConsent: consentGiven,
			settings: { autoApproval: { enabled: true, execute: true }, allowedCommands: ["*"] },
			files: {
				".cairn/hooks.json": hooksFile({
					PreToolUse: [
						{
							matcher: "execute_command",
							hooks: [{ type: "command", command: hook, timeout: 10 }],
						},
					],
				}),
			},
			scenario: [command("touch made.txt"), after(results, done)],
		})
		await agent.send({ type: "newTask", text: "make a file" })
		await agent.client.waitForAsk("completion_result")
		await expect(agent.read("made.txt")).rejects.toThrow(/ENOENT/)
		expect(JSON.parse(results[0] ?? "{}")).toEqual({
			error: "blocked_by_hook",
			hook,
			tool: "execute_command",
			reason: "no commands on Fridays",
		})
		expect(hookRows(agent.client.messages)).toEqual([
			{ kind: "blocked", hook, toolName: "execute_command", reason: "no commands on Fridays" },
		])
		const event = JSON.parse(await agent.read("hook-input.json")) as Record<string, unknown>
		expect(event).toMatchObject({
			hook_event_name: "PreToolUse",
			task_id: agent.client.taskId,
			cwd: agent.workspace,
			tool_name: "execute_command",
			tool_input: { command: "touch made.txt" },
		})
	})

	it("a hook that times out is reported and killed, and the tool goes on", async () => {
		const results: string[] = []
		agent = await startAgent({
			provider: "anthropic",
			askConsent: consentGiven,
			settings: {
				autoApproval: { enabled: true, readOnly: true },
				hooks: {
					PreToolUse: [
						{
							matcher: "read_file",
							hooks: [{ type: "command", command: "sleep 30", timeout: 0.5 }],
						},
					],
					PostToolUse: [],
				},
			},
			files: { "notes.txt": "the notes\n" },
			scenario: [readFileCall("notes.txt"), after(results, done)],
		})
		const started = Date.now()
		await agent.send({ type: "newTask", text: "read the notes" })
		await agent.client.waitForAsk("completion_result")
		expect(Date.now() - started).toBeLessThan(10_000)
		expect(hookRows(agent.client.messages)).toEqual([
			{
				kind: "failed",
				hook: "sleep 30",
				toolName: "read_file",
				error: "it timed out after 0.5 s and was killed",
			},
		])
		expect(results[0]).toContain("the notes")
	})

	it("what a PreToolUse hook prints reaches the model and the chat; other tools are not matched", async () => {
		const results: string[] = []
		agent = await startAgent({
			provider: "anthropic",
			askConsent: consentGiven,
			settings: { autoApproval: { enabled: true, readOnly: true } },
			files: {
				"a.txt": "A\n",
				".cairn/hooks.json": hooksFile({
					PreToolUse: [
						{
							matcher: "read_file|list_files",
							hooks: [
								{ type: "command", command: "echo 'Files here are UTF-8.'", timeout: 10 },
							],
						},
					],
				}),
			},
			scenario: [
				readFileCall("a.txt"),
				after(results, {
					toolCalls: [{ name: "search_files", arguments: { path: ".", regex: "A" } }],
				}),
				after(results, done),
			],
		})
		await agent.send({ type: "newTask", text: "read a.txt" })
		await agent.client.waitForAsk("completion_result")
		// The context comes first, then the tool's own result (the file with line numbers).
		expect(results[0]).toMatch(/^Files here are UTF-8\..*1 \| A/s)
		expect(results[1]).not.toContain("UTF-8")
		expect(hookRows(agent.client.messages)).toEqual([
			{
				kind: "context",
				hook: "echo 'Files here are UTF-8.'",
				toolName: "read_file",
				context: "Files here are UTF-8.",
			},
		])
	})

	it("a PostToolUse hook gets the tool's response, and what it says on exit 2 reaches the model", async () => {
		const results: string[] = []
		const hook = "cat > post-input.json; echo 'formatting failed: run prettier' >&2; exit 2"
		agent = await startAgent({
			provider: "anthropic",
			askConsent: consentGiven,
			settings: { autoApproval: { enabled: true, write: true } },
			files: {
				".cairn/hooks.json": hooksFile({
					PostToolUse: [
						{
							matcher: "write_to_file",
							hooks: [{ type: "command", command: hook, timeout: 10 }],
						},
					],
				}),
			},
			scenario: [
				{ toolCalls: [{ name: "write_to_file", arguments: { path: "b.ts", content: "x\n" } }] },
				after(results, done),
			],
		})
		await agent.send({ type: "newTask", text: "write b.ts" })
		await agent.client.waitForAsk("completion_result")
		expect(await agent.read("b.ts")).toBe("x\n")
		expect(results[0]).toMatch(/b\.ts[\s\S]*formatting failed: run prettier$/)
		const event = JSON.parse(
			await readFile(path.join(agent.workspace, "post-input.json"), "utf8"),
		) as Record<string, unknown>
		expect(event).toMatchObject({
			hook_event_name: "PostToolUse",
			tool_name: "write_to_file",
			tool_input: { path: "b.ts", content: "x\n" },
			tool_response: {
				is_error: false,
				rejected: false,
				cancelled: false,
				content: expect.stringContaining("b.ts"),
			},
		})
	})

	it("a broken hooks file blocks tools that change things, with the problem, and leaves reads alone", async () => {
		const results: string[] = []
		agent = await startAgent({
			provider: "anthropic",
			askConsent: consentGiven,
			settings: { autoApproval: { enabled: true, readOnly: true, write: true } },
			files: {
				"a.txt": "A\n",
				".cairn/hooks.json": '{"hooks": {"PreToolUse": [{"matcher": "(", "hooks": []}]}}',
			},
			scenario: [
				{ toolCalls: [{ name: "write_to_file", arguments: { path: "c.txt", content: "c\n" } }] },
				after(results, readFileCall("a.txt")),
				after(results, done),
			],
		})
		await agent.send({ type: "newTask", text: "write c.txt" })
		await agent.client.waitForAsk("completion_result")
		await expect(agent.read("c.txt")).rejects.toThrow(/ENOENT/)
		expect(JSON.parse(results[0] ?? "{}")).toMatchObject({
			error: "hooks_unavailable",
			message: expect.stringMatching(/\.cairn\/hooks\.json is not valid: .*matcher/),
		})
		expect(results[1]).toContain("A")
	})
})
