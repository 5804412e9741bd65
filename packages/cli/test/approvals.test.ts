import { existsSync } from "node:fs"
import path from "node:path"
import { lastToolResult } from "@cairn/model-server"
import { describe, expect, it } from "vitest"
import { jsonLines, runCli, withWorld, type CliWorld } from "./support/cliProcess.js"
import { askFollowup, complete, runCommand, writeFile } from "./support/scenarios.js"
import { storeSettings } from "./support/settings.js"

const streamJson = ["--output-format", "stream-json"]
const chatRequests = (w: CliWorld) => w.server.requests.filter((r) => r.route === "chat")

describe.concurrent("-y approves what may be approved", () => {
	it("writes a file and runs a command; tool_use, output and tool_result are reported", () =>
		withWorld(
			{
				scenario: [
					writeFile("notes/todo.md", "- ship it\n"),
					runCommand("echo cairn-was-here && cat notes/todo.md"),
					complete(),
				],
			},
			async (world) => {
				const run = await runCli(world, [...world.providerArgs, ...streamJson, "-y", "make notes"])
				expect(run.code).toBe(0)
				expect(await world.read("notes/todo.md")).toBe("- ship it\n")
				const lines = jsonLines(run.stdout)
				const write = lines.find((l) => l.type === "tool_use" && l.name === "write_to_file")
				expect(write).toMatchObject({
					kind: "newFileCreated",
					approval: "ask",
					input: { path: "notes/todo.md" },
				})
				expect(lines).toContainEqual(
					expect.objectContaining({ type: "ask", ask: "tool", toolUseId: write?.id }),
				)
				expect(lines).toContainEqual(
					expect.objectContaining({
						type: "system",
						subtype: "ask_answered",
						response: "yesButtonClicked",
						by: "auto",
					}),
				)
				expect(lines).toContainEqual(
					expect.objectContaining({ type: "tool_result", id: write?.id, status: "success" }),
				)
				const command = lines.find((l) => l.type === "tool_use" && l.name === "execute_command")
				expect(command).toMatchObject({
					input: { command: "echo cairn-was-here && cat notes/todo.md" },
				})
				const result = lines.find((l) => l.type === "tool_result" && l.id === command?.id)
				expect(result).toMatchObject({
					status: "success",
					output: expect.stringContaining("cairn-was-here"),
				})
				const streamed = lines
					.filter((l) => l.type === "tool_output" && l.id === command?.id)
					.map((l) => l.delta)
				expect(streamed.join("")).toBe(result?.output)
				const third = chatRequests(world)[2]
				expect(third && lastToolResult(third)).toMatch(/Exit code 0\./)
			},
		))

	it("answers a follow-up question with its first suggestion when nobody can be asked", () =>
		withWorld(
			{ scenario: [askFollowup("Which color?", ["blue", "green"]), complete("Used blue.")] },
			async (world) => {
				const run = await runCli(world, [...world.providerArgs, ...streamJson, "-y", "paint it"])
				expect(run.code).toBe(0)
				const lines = jsonLines(run.stdout)
				expect(lines).toContainEqual(
					expect.objectContaining({
						type: "ask",
						ask: "followup",
						question: "Which color?",
						suggestions: ["blue", "green"],
					}),
				)
				const second = chatRequests(world)[1]
				expect(second && lastToolResult(second)).toContain("blue")
			},
		))
})

describe("-y approves commands as a standing rule: they run in the OS sandbox", () => {
	it.skipIf(!existsSync("/usr/bin/bwrap"))(
		"a workspace script that writes outside fails there, and leaving the sandbox needs a person",
		() =>
			withWorld(
				{
					files: { "next-door.sh": "touch ../made-next-door\n" },
					scenario: [runCommand("sh next-door.sh"), complete()],
				},
				async (world) => {
					const run = await runCli(world, [
						...world.providerArgs,
						"-y",
						"--no-tui",
						"run the script",
					])
					expect(existsSync(path.join(world.root, "made-next-door"))).toBe(false)
					expect(run.code).toBe(3)
					expect(run.stderr).toMatch(/failed in the sandbox .*running it outside needs a person/)
				},
			),
	)
})

describe.concurrent("what needs a person ends a non-interactive run with exit code 3", () => {
	it("an edit without -y", () =>
		withWorld({ scenario: [writeFile("a.txt", "x"), complete()] }, async (world) => {
			const run = await runCli(world, [...world.providerArgs, ...streamJson, "write a"])
			expect(run.code).toBe(3)
			expect(run.stderr).toMatch(/needs a person: approval needed for a file operation \(pass -y/)
			expect(jsonLines(run.stdout).at(-1)).toMatchObject({
				type: "result",
				success: false,
				reason: "needs_person",
				ask: "tool",
				exitCode: 3,
			})
			await expect(world.read("a.txt")).rejects.toThrow()
		}))

	it("a follow-up question without -y", () =>
		withWorld({ scenario: [askFollowup("Which?", ["a", "b"])] }, async (world) => {
			const run = await runCli(world, [...world.providerArgs, "--no-tui", "choose"])
			expect(run.code).toBe(3)
			expect(run.stderr).toMatch(/follow-up question/)
		}))

	it("a protected file even with -y, unless --allow-protected", () =>
		withWorld({ scenario: [writeFile(".vscode/settings.json", "{}"), complete()] }, async (world) => {
			const refused = await runCli(world, [...world.providerArgs, "-y", "--no-tui", "configure"])
			expect(refused.code).toBe(3)
			expect(refused.stderr).toMatch(
				/\.vscode\/settings\.json is a protected file \(--allow-protected\)/,
			)
			await expect(world.read(".vscode/settings.json")).rejects.toThrow()

			world.server.reset([writeFile(".vscode/settings.json", "{}"), complete()])
			const allowed = await runCli(world, [
				...world.providerArgs,
				"-y",
				"--allow-protected",
				"--no-tui",
				"configure",
			])
			expect(allowed.code).toBe(0)
			expect(await world.read(".vscode/settings.json")).toBe("{}")
		}))

	it("a path outside the workspace even with -y, unless --allow-outside-workspace", () =>
		withWorld({ scenario: [writeFile("../outside.txt", "out"), complete()] }, async (world) => {
			const refused = await runCli(world, [...world.providerArgs, "-y", "--no-tui", "write outside"])
			expect(refused.code).toBe(3)
			expect(refused.stderr).toMatch(/outside the workspace \(--allow-outside-workspace\)/)

			world.server.reset([writeFile("../outside.txt", "out"), complete()])
			const allowed = await runCli(world, [
				...world.providerArgs,
				"-y",
				"--allow-outside-workspace",
				"--no-tui",
				"write outside",
			])
			expect(allowed.code).toBe(0)
		}))

	it("a denied command even with -y, also when chained behind an innocent one", () =>
		withWorld(
			{ files: { "keep/me": "1" }, scenario: [runCommand("echo hi && rm -rf keep"), complete()] },
			async (world) => {
				await storeSettings(world.workspace, world.cairnHome, { deniedCommands: ["rm"] })
				const run = await runCli(world, [
					...world.providerArgs,
					"-y",
					"--allow-outside-workspace",
					"--allow-protected",
					"--no-tui",
					"clean",
				])
				expect(run.code).toBe(3)
				expect(run.stderr).toMatch(/matches the denied command "rm"/)
				expect(await world.read("keep/me")).toBe("1")
			},
		))
})

// One at a time: with the suites above they are many CLI processes for a 2-core machine.
describe("what -y never approves in a command (issue 33: ignored files, find -exec, inline code, *)", () => {
	it.each([
		["cat secrets/creds.json", /reads secrets\/creds\.json, which \.cairnignore blocks/],
		["cat secrets/*", /reads secrets\/creds\.json, which \.cairnignore blocks/],
		["cd secrets && cat creds.json", /reads secrets, which \.cairnignore blocks/],
		["grep -r password .", /reads secrets, which \.cairnignore blocks/],
	])("a command reading a file .cairnignore blocks even with -y: %s", (command, reason) =>
		withWorld(
			{
				files: { ".cairnignore": "secrets/\n", "secrets/creds.json": "password=hunter2" },
				scenario: [runCommand(`${command} > leaked.txt`), complete()],
			},
			async (world) => {
				const run = await runCli(world, [
					...world.providerArgs,
					"-y",
					"--allow-protected",
					"--no-tui",
					"look",
				])
				expect(run.code).toBe(3)
				expect(run.stderr).toMatch(reason)
				await expect(world.read("leaked.txt")).rejects.toThrow()
			},
		),
	)

	it.each([
		["find . -name keep -exec touch made \\;", /matches the denied command "touch"/],
		['python3 -c \'open("made", "w")\'', /cannot be checked against the denied commands/],
		['node -e \'require("fs").writeFileSync("made", "")\'', /cannot be checked against the denied/],
		["perl -e 'open(F, \">made\")'", /cannot be checked against the denied commands/],
	])(
		"with a deny list, -y runs neither a denied program behind find -exec nor unseen inline code: %s",
		(command, reason) =>
			withWorld(
				{ files: { keep: "1" }, scenario: [runCommand(command), complete()] },
				async (world) => {
					await storeSettings(world.workspace, world.cairnHome, { deniedCommands: ["touch"] })
					const run = await runCli(world, [...world.providerArgs, "-y", "--no-tui", "make"])
					expect(run.code).toBe(3)
					expect(run.stderr).toMatch(reason)
					await expect(world.read("made")).rejects.toThrow()
				},
			),
	)

	it("a deny rule of * denies every command, even with -y", () =>
		withWorld({ scenario: [runCommand("echo hi > made"), complete()] }, async (world) => {
			await storeSettings(world.workspace, world.cairnHome, { deniedCommands: ["*"] })
			const run = await runCli(world, [...world.providerArgs, "-y", "--no-tui", "say hi"])
			expect(run.code).toBe(3)
			expect(run.stderr).toMatch(/matches the denied command "\*"/)
			await expect(world.read("made")).rejects.toThrow()
		}))
})
