import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import type { SlashCommandsSnapshot } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { runCli, withWorld } from "./support/cliProcess.js"
import { complete } from "./support/scenarios.js"

// A prompt that starts with a slash command is expanded by the core, as the chat box's is; the
// model server's recorded request is what the model received.

const reviewFile =
	"---\ndescription: Review for bugs\nargument-hint: <path>\n---\nReview $ARGUMENTS for bugs.\n"

describe.concurrent("slash commands in the CLI", () => {
	it("-P expands the workspace's command with the text after it", () =>
		withWorld(
			{ scenario: [complete()], files: { ".cairn/commands/review.md": reviewFile } },
			async (world) => {
				const run = await runCli(world, [...world.providerArgs, "--no-tui", "-P", "/review src"])
				expect(run.code).toBe(0)
				const request = world.server.requests.find((r) => r.route === "chat")
				expect(JSON.stringify(request?.body)).toContain(
					'<command name=\\"review\\" source=\\".cairn/commands/review.md\\">\\nReview src for bugs.\\n</command>',
				)
			},
		))

	it("-P runs a Claude Code command from a subfolder by its file's name, and `commands list` names its file", () =>
		withWorld(
			{
				scenario: [complete()],
				files: {
					".claude/commands/frontend/component.md":
						"---\ndescription: Scaffold a component\n---\nCreate the component $1.\n",
				},
			},
			async (world) => {
				const run = await runCli(world, [
					...world.providerArgs,
					"--no-tui",
					"-P",
					"/component Avatar",
				])
				expect(run.code).toBe(0)
				const request = world.server.requests.find((r) => r.route === "chat")
				expect(JSON.stringify(request?.body)).toContain("Create the component Avatar.")
				expect((await runCli(world, ["commands", "list"])).stdout).toMatch(
					/^\/component +Scaffold a component {2}\(project: \.claude\/commands\/frontend\/component\.md\)$/m,
				)
			},
		))

	it("-P runs a Cline workflow typed with its .md, as Cline users type it", () =>
		withWorld(
			{
				scenario: [complete()],
				files: { ".clinerules/workflows/release-notes.md": "Write the release notes.\n" },
			},
			async (world) => {
				const run = await runCli(world, [
					...world.providerArgs,
					"--no-tui",
					"-P",
					"/release-notes.md v2.1",
				])
				expect(run.code).toBe(0)
				const request = world.server.requests.find((r) => r.route === "chat")
				expect(JSON.stringify(request?.body)).toContain(
					'source=\\".clinerules/workflows/release-notes.md\\">\\nWrite the release notes.\\n</command>\\nv2.1',
				)
			},
		))

	it("a command that starts no task ends the run with a clear error", () =>
		withWorld({ scenario: [complete()] }, async (world) => {
			const run = await runCli(world, [...world.providerArgs, "--no-tui", "-P", "/mode architect"])
			expect(run.code).toBe(1)
			expect(run.stderr).toContain("the prompt started no task")
			expect(world.server.requests.filter((r) => r.route === "chat")).toEqual([])
		}))

	it("says so in the person's language, and lists the commands' origins in it", () =>
		withWorld({ scenario: [complete()] }, async (world) => {
			const env = { LANG: "ko_KR.UTF-8" }
			const run = await runCli(world, [...world.providerArgs, "--no-tui", "-P", "/mode architect"], {
				env,
			})
			expect(run.code).toBe(1)
			expect(run.stderr).toContain("프롬프트가 작업을 시작하지 않았습니다")
			expect((await runCli(world, ["commands", "list"], { env })).stdout).toMatch(
				/^\/new \[task\] .+\(기본 제공\)$/m,
			)
		}))

	it("`commands list` shows the built-in, global and project commands and the files left out", () =>
		withWorld(
			{ files: { ".cairn/commands/review.md": reviewFile, ".cairn/commands/Oops.md": "x" } },
			async (world) => {
				const global = path.join(world.cairnHome, "settings", "commands")
				await mkdir(global, { recursive: true })
				await writeFile(
					path.join(global, "explain.md"),
					"---\ndescription: Explain the code\n---\nExplain.",
				)
				const run = await runCli(world, ["commands", "list"])
				expect(run.code).toBe(0)
				expect(run.stdout).toMatch(
					/^\/new \[task\] +Start a new task; the text after it is the task {2}\(built-in\)$/m,
				)
				expect(run.stdout).toMatch(/^\/explain +Explain the code {2}\(global: .*explain\.md\)$/m)
				expect(run.stdout).toMatch(
					/^\/review <path> +Review for bugs {2}\(project: \.cairn\/commands\/review\.md\)$/m,
				)
				expect(run.stdout).toContain(
					"Left out: .cairn/commands/Oops.md: a command name is 1 to 64 lowercase letters",
				)

				const json = await runCli(world, ["commands", "list", "--json"])
				const snapshot = JSON.parse(json.stdout) as SlashCommandsSnapshot
				expect(snapshot.commands.map((c) => c.name)).toEqual([
					"new",
					"mode",
					"condense",
					"explain",
					"review",
				])
			},
		))
})
