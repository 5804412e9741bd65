import { mkdir, writeFile as writeText } from "node:fs/promises"
import path from "node:path"
import { systemText } from "@cairn/model-server"
import { describe, expect, it } from "vitest"
import { jsonLines, runCli, withWorld } from "./support/cliProcess.js"
import { complete } from "./support/scenarios.js"
import { storeSettings } from "./support/settings.js"

const serverError = { error: { status: 500, headers: { "retry-after-ms": "10" } } }
const reviewerModes = `customModes:
  - slug: reviewer
    name: Reviewer
    roleDefinition: You review changes.
    whenToUse: Reviewing a change.
    groups: [read]
`

describe.concurrent("exit codes say how the task ended", () => {
	it("0 when the task completes", () =>
		withWorld({ scenario: [complete()] }, async (world) => {
			expect((await runCli(world, [...world.providerArgs, "--no-tui", "finish"])).code).toBe(0)
		}))

	it("0 in a custom mode of the workspace's .cairn/modes.yaml, given by --mode", () =>
		withWorld(
			{ scenario: [complete()], files: { ".cairn/modes.yaml": reviewerModes } },
			async (world) => {
				const run = await runCli(world, [
					...world.providerArgs,
					"--mode",
					"reviewer",
					"--no-tui",
					"review",
				])
				expect(run.code).toBe(0)
				const request = world.server.requests.find((r) => r.route === "chat")
				expect(systemText(request?.body)).toContain("You are in Reviewer mode (reviewer).")
			},
		))

	it("1 when the API still fails after its retries", () =>
		withWorld({ scenario: [serverError, serverError, serverError, serverError] }, async (world) => {
			await storeSettings(world.workspace, world.cairnHome, { requestRetries: 1 })
			const run = await runCli(world, [...world.providerArgs, "--output-format", "stream-json", "fail"])
			expect(run.code).toBe(1)
			const lines = jsonLines(run.stdout)
			expect(lines).toContainEqual(
				expect.objectContaining({ type: "system", subtype: "retry", attempt: 1 }),
			)
			expect(lines).toContainEqual(expect.objectContaining({ type: "error", source: "api" }))
			expect(lines.at(-1)).toMatchObject({
				type: "result",
				success: false,
				reason: "failed",
				exitCode: 1,
			})
			expect(run.stderr).toMatch(/the task failed/)
		}))

	it("1 when the model keeps answering without tools (mistake limit)", () =>
		withWorld(
			{ scenario: [{ text: "hmm" }, { text: "well" }, { text: "so" }, { text: "and" }] },
			async (world) => {
				const run = await runCli(world, [...world.providerArgs, "--no-tui", "ramble"])
				expect(run.code).toBe(1)
				expect(run.stderr).toMatch(/mistake limit/)
			},
		))

	it("1 when the provider cannot be used (no API key)", () =>
		withWorld({ scenario: [complete()] }, async (world) => {
			const args = world.providerArgs.filter(
				(_, i, all) => all[i] !== "--api-key" && all[i - 1] !== "--api-key",
			)
			const run = await runCli(world, [...args, "--no-tui", "go"])
			expect(run.code).toBe(1)
			expect(run.stderr).toMatch(/No API key is set for Anthropic/)
		}))
})

describe.concurrent("usage errors: one line naming the flag, exit code 2", () => {
	const cases: [string, string[], RegExp][] = [
		["an unknown flag", ["--frobnicate", "x"], /unknown option '--frobnicate'/],
		["a bad provider", ["--provider", "acme", "x"], /'--provider <name>' argument 'acme' is invalid/],
		[
			"a bad output format",
			["--output-format", "xml", "x"],
			/'--output-format <format>' argument 'xml' is invalid/,
		],
		["a missing flag value", ["x", "--model"], /'--model <id>' argument missing/],
		[
			"a workspace that does not exist",
			["-w", "/nonexistent/cairn", "x"],
			/--workspace: \/nonexistent\/cairn is not a folder/,
		],
		[
			"a bad base URL",
			["--provider", "openai", "--base-url", "ftp://x", "x"],
			/--base-url: "ftp:\/\/x" must be an http\(s\) URL/,
		],
		[
			"an unknown mode",
			["--provider", "ollama", "--model", "m", "--mode", "poet", "x"],
			/There is no mode "poet"\. Modes: code, architect, ask, debug/,
		],
		["a mode slug that cannot be one", ["--mode", "Poet", "x"], /--mode: "Poet" is not a mode slug/],
		[
			"a context window that is not a token count",
			["--context-window", "128k", "x"],
			/--context-window: "128k" is not a positive whole number of tokens/,
		],
		["two prompts", ["-P", "a", "b"], /give the prompt once/],
		["a missing prompt file", ["--prompt-file", "nope.txt"], /--prompt-file: cannot read nope.txt/],
		["-c with --session-id", ["-c", "--session-id", "abc"], /either --session-id or -c/],
		[
			"stdin stream with a text format",
			["--stdin-prompt-stream", "--output-format", "text"],
			/--stdin-prompt-stream needs --output-format stream-json/,
		],
		["no prompt and no terminal", ["--provider", "ollama", "--model", "m"], /no prompt/],
		["no provider configured", ["do it"], /no model provider is configured/],
		[
			"-c without tasks",
			["--provider", "ollama", "--model", "m", "-c"],
			/-c\/--continue: there is no task to continue/,
		],
		["an unknown list", ["list", "bananas"], /value 'bananas' is invalid for argument 'what'/],
	]
	it.each(cases)("%s", (_name, args, message) =>
		withWorld({}, async (world) => {
			const run = await runCli(world, args)
			expect(run.code).toBe(2)
			const lines = run.stderr.split("\n").filter((l) => l !== "" && !l.includes(" WARN "))
			expect(lines).toHaveLength(1)
			expect(lines[0]).toMatch(/^cairn: /)
			expect(lines[0]).toMatch(message)
			expect(run.stdout).toBe("")
		}),
	)

	it("--help and --version exit 0", async () => {
		const help = await runCli(undefined, ["--help"])
		expect(help.code).toBe(0)
		for (const flag of [
			"--prompt",
			"--yes",
			"--no-tui",
			"--output-format",
			"--stdin-prompt-stream",
			"--allow-protected",
		])
			expect(help.stdout).toContain(flag)
		const version = await runCli(undefined, ["--version"])
		expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) })
	})
})

describe("cairn list tasks", () => {
	it("lists this workspace's tasks, newest first; a prompt file works as the prompt", () =>
		withWorld({ scenario: [complete("first"), complete("second")] }, async (world) => {
			await mkdir(path.join(world.root, "prompts"))
			await writeText(path.join(world.root, "prompts", "task.md"), "the second task\n")
			expect((await runCli(world, [...world.providerArgs, "--no-tui", "the first task"])).code).toBe(0)
			expect((await runCli(world, ["--no-tui", "--prompt-file", "../prompts/task.md"])).code).toBe(0)
			const listed = await runCli(world, ["list", "tasks", "--output-format", "json"])
			expect(listed.code).toBe(0)
			const items = JSON.parse(listed.stdout) as { task: string; status: string; workspace: string }[]
			expect(items.map((item) => item.task.trim())).toEqual(["the second task", "the first task"])
			expect(
				items.every((item) => item.status === "completed" && item.workspace === world.workspace),
			).toBe(true)
			const table = await runCli(world, ["list", "tasks"])
			expect(table.stdout).toMatch(/ID\s+UPDATED\s+STATUS\s+COST\s+TASK/)

			const elsewhere = path.join(world.root, "other")
			await mkdir(elsewhere)
			const other = await runCli(world, ["list", "tasks", "-w", elsewhere])
			expect(other.stdout).toBe("No tasks in this workspace yet.\n")
		}))
})
