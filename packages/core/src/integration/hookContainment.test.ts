import { existsSync } from "node:fs"
import { rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { lastToolResult, type Turn } from "@cairn/model-server"
import { clineSayHookSchema, safeParseJson, type ClineMessage, type UserHooks } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import type { RepositoryCode } from "../consent/repositoryConsent.js"
import { probeSandbox } from "../sandbox/sandboxProbe.js"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

// A hook runs unasked around every tool call, so it is held to what holds for commands that run
// unasked: it runs in the command sandbox, and the consent to a repository's hooks covers the
// scripts they run, so a script rewritten after the consent does not run on that consent.

const availability = await probeSandbox("bwrap")
const why = availability.available ? "" : ` (skipped: ${availability.reason})`

const hooksFile = (hooks: Partial<UserHooks>) => JSON.stringify({ hooks })
const command = (line: string) => ({ toolCalls: [{ name: "execute_command", arguments: { command: line } }] })
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
const onCommands = (hook: string, extra: Record<string, unknown> = {}) => [
	{
		matcher: "execute_command",
		hooks: [{ type: "command" as const, command: hook, timeout: 10, ...extra }],
	},
]
const runCommandsUnasked = { autoApproval: { enabled: true, execute: true }, allowedCommands: ["*"] }

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

describe("consent to a repository's hooks covers the scripts they run", () => {
	it("a script rewritten after the consent asks again and, refused, does not run", async () => {
		const asked: RepositoryCode[] = []
		const answers = [true, false]
		agent = await startAgent({
			provider: "anthropic",
			askConsent: (code) => {
				asked.push(code)
				return Promise.resolve(answers.shift() ?? false)
			},
			settings: runCommandsUnasked,
			files: {
				"scripts/fmt.sh": "echo formatted >> hook-runs.txt\n",
				"planted.sh": "echo planted >> hook-runs.txt\n",
				".cairn/hooks.json": hooksFile({
					PreToolUse: onCommands("sh scripts/fmt.sh"),
					PostToolUse: onCommands("sh scripts/fmt.sh"),
				}),
			},
			// The command (auto-approved) rewrites the script between the PreToolUse and the PostToolUse hook.
			scenario: [command("cp planted.sh scripts/fmt.sh"), command("true"), done],
		})
		await agent.send({ type: "newTask", text: "format" })
		await agent.client.waitForAsk("completion_result")
		expect(await agent.read("hook-runs.txt")).toBe("formatted\n")
		expect(asked).toHaveLength(2)
		expect(asked[0]?.files).toEqual([
			{
				path: "scripts/fmt.sh",
				state: expect.stringMatching(/^sha256 [0-9a-f]{64} at scripts\/fmt\.sh$/),
			},
		])
		expect(asked[1]?.files?.[0]?.state).not.toBe(asked[0]?.files?.[0]?.state)
		expect(hookRows(agent.client.messages)).toContainEqual({
			kind: "failed",
			hook: "sh scripts/fmt.sh",
			toolName: "execute_command",
			error: expect.stringContaining("changed since they were agreed to"),
		})
	})

	it("a hook whose script is only known when it runs is refused without asking", async () => {
		const asked: RepositoryCode[] = []
		agent = await startAgent({
			provider: "anthropic",
			askConsent: (code) => {
				asked.push(code)
				return Promise.resolve(true)
			},
			settings: runCommandsUnasked,
			files: {
				"scripts/fmt.sh": "echo formatted >> hook-runs.txt\n",
				".cairn/hooks.json": hooksFile({
					PreToolUse: onCommands('sh "$CAIRN_WORKSPACE/scripts/fmt.sh"'),
				}),
			},
			scenario: [command("true"), done],
		})
		await agent.send({ type: "newTask", text: "format" })
		await agent.client.waitForAsk("completion_result")
		expect(asked).toEqual([])
		expect(existsSync(path.join(agent.workspace, "hook-runs.txt"))).toBe(false)
		expect(hookRows(agent.client.messages)).toEqual([
			expect.objectContaining({
				kind: "notRun",
				reason: expect.stringContaining("only known when they run"),
			}),
		])
	})

	it("a repository's hooks file cannot take a hook out of the sandbox", async () => {
		const results: string[] = []
		agent = await startAgent({
			provider: "anthropic",
			askConsent: () => Promise.resolve(true),
			settings: runCommandsUnasked,
			files: {
				".cairn/hooks.json": hooksFile({
					PreToolUse: onCommands("echo ran >> hook-runs.txt", { sandbox: false }),
				}),
			},
			scenario: [command("touch made.txt"), after(results, done)],
		})
		await agent.send({ type: "newTask", text: "make a file" })
		await agent.client.waitForAsk("completion_result")
		expect(existsSync(path.join(agent.workspace, "hook-runs.txt"))).toBe(false)
		expect(existsSync(path.join(agent.workspace, "made.txt"))).toBe(false)
		expect(JSON.parse(results[0] ?? "{}")).toMatchObject({
			error: "hooks_unavailable",
			message: expect.stringContaining("only your own settings can take a hook out of the sandbox"),
		})
	})
})

describe.skipIf(!availability.available)(`hooks in the command sandbox${why}`, () => {
	const outside = path.join(tmpdir(), `cairn-hook-escape-${process.pid}`)
	afterEach(() => rm(outside, { force: true }))
	const escape = `echo escaped > ${outside}`

	it("a hook cannot write outside the workspace", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: {
				...runCommandsUnasked,
				commandSandbox: true,
				hooks: { PreToolUse: onCommands(`${escape}; echo inside > hook-ran.txt`), PostToolUse: [] },
			},
			scenario: [command("true"), done],
		})
		await agent.send({ type: "newTask", text: "run" })
		await agent.client.waitForAsk("completion_result")
		expect(existsSync(outside)).toBe(false)
		// It did run, inside: the workspace is writable in the sandbox.
		expect(await agent.read("hook-ran.txt")).toBe("inside\n")
	})

	it("runs unsandboxed when the person's own settings say so for that hook", async () => {
		agent = await startAgent({
			provider: "anthropic",
			settings: {
				...runCommandsUnasked,
				commandSandbox: true,
				hooks: { PreToolUse: onCommands(escape, { sandbox: false }), PostToolUse: [] },
			},
			scenario: [command("true"), done],
		})
		await agent.send({ type: "newTask", text: "run" })
		await agent.client.waitForAsk("completion_result")
		expect(existsSync(outside)).toBe(true)
	})
})

describe("where the sandbox is unavailable", () => {
	it("a hook that needs it does not run, and the change it guards is blocked with the reason", async () => {
		const results: string[] = []
		agent = await startAgent({
			provider: "anthropic",
			bwrapPath: "/nonexistent/bwrap",
			settings: {
				...runCommandsUnasked,
				commandSandbox: true,
				hooks: { PreToolUse: onCommands("echo ran >> hook-runs.txt"), PostToolUse: [] },
			},
			scenario: [command("touch made.txt"), after(results, done)],
		})
		await agent.send({ type: "newTask", text: "make a file" })
		// The command itself asks, as every command does without the sandbox.
		await agent.client.waitForAsk("completion_result")
		expect(existsSync(path.join(agent.workspace, "hook-runs.txt"))).toBe(false)
		expect(existsSync(path.join(agent.workspace, "made.txt"))).toBe(false)
		expect(JSON.parse(results[0] ?? "{}")).toMatchObject({
			error: "hook_not_run",
			reason: expect.stringMatching(/command sandbox, which is not available: .*"sandbox": false/),
		})
	})
})
