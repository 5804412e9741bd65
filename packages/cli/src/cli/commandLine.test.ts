import { mkdtemp, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { useCliLanguage } from "../i18n/cliI18n.js"
import { oneLineError, parseCommandLine, type ParsedCommand } from "./commandLine.js"
import { UsageError } from "./exitCodes.js"
import { cairnHomeOf, resolveRunOptions } from "./runOptions.js"

function parse(...argv: string[]): { parsed: ParsedCommand; out: string; err: string } {
	let out = ""
	let err = ""
	const parsed = parseCommandLine(argv, { stdout: (t) => (out += t), stderr: (t) => (err += t) })
	return { parsed, out, err }
}

async function options(...argv: string[]) {
	const { parsed } = parse(...argv)
	if (parsed.kind !== "run") throw new Error(`not a run: ${parsed.kind}`)
	return resolveRunOptions(parsed.flags, parsed.words, parsed.outputFormatGiven, {
		env: {},
		cwd: os.tmpdir(),
	})
}

describe("the command line", () => {
	it("reads every flag of a run", async () => {
		const run = await options(
			"-y",
			"--no-tui",
			"-w",
			".",
			"--provider",
			"openai",
			"--model",
			"m",
			"--api-key",
			"k",
			"--base-url",
			"http://localhost:1234/v1",
			"--mode",
			"ask",
			"--output-format",
			"json",
			"-d",
			"--allow-outside-workspace",
			"--allow-protected",
			"fix",
			"the",
			"bug",
		)
		expect(run).toMatchObject({
			prompt: "fix the bug",
			autoApprove: true,
			tui: false,
			workspace: path.resolve(os.tmpdir()),
			provider: "openai",
			model: "m",
			apiKey: "k",
			baseUrl: "http://localhost:1234/v1",
			mode: "ask",
			outputFormat: "json",
			debug: true,
			allowOutsideWorkspace: true,
			allowProtected: true,
			stdinPromptStream: false,
			resume: undefined,
		})
	})

	it("the Bedrock flags, named like the settings; --aws-auth takes the four ways to sign in", async () => {
		expect(
			(
				await options(
					"--region",
					"eu-west-1",
					"--aws-profile",
					"work",
					"--aws-access-key-id",
					"AKID1",
					"go",
				)
			).bedrock,
		).toEqual({ region: "eu-west-1", auth: undefined, profile: "work", accessKeyId: "AKID1" })
		expect((await options("--aws-auth", "defaultChain", "go")).bedrock.auth).toBe("defaultChain")
		await expect(options("--region", " ", "go")).rejects.toThrow(/--region needs a non-empty value/)
	})

	it("checkpoints are saved unless --no-checkpoints turns them off for the run", async () => {
		expect((await options("go")).checkpoints).toBe(true)
		expect((await options("--no-checkpoints", "go")).checkpoints).toBe(false)
	})

	it("-c, --session-id and --stdin-prompt-stream", async () => {
		expect((await options("-c")).resume).toEqual({ latest: true })
		expect((await options("--session-id", "abc", "go on")).resume).toEqual({ taskId: "abc" })
		expect(await options("--stdin-prompt-stream")).toMatchObject({
			stdinPromptStream: true,
			outputFormat: "stream-json",
		})
	})

	it("--context-window and --max-output-tokens are positive whole numbers of tokens", async () => {
		expect(await options("--context-window", "131_072", "--max-output-tokens", "8192")).toMatchObject({
			contextWindow: 131_072,
			maxOutputTokens: 8192,
		})
		expect(await options()).toMatchObject({ contextWindow: undefined, maxOutputTokens: undefined })
		for (const bad of ["0", "-5", "1.5", "32k", "", "1e6"])
			await expect(options("--context-window", bad)).rejects.toThrow(
				new UsageError(`--context-window: "${bad}" is not a positive whole number of tokens`),
			)
		await expect(options("--max-output-tokens", "lots")).rejects.toThrow(/^--max-output-tokens: "lots"/)
		await expect(options("--context-window", "4096", "--max-output-tokens", "4096")).rejects.toThrow(
			new UsageError("--max-output-tokens must be smaller than --context-window"),
		)
	})

	it("reads the prompt from a file", async () => {
		const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-prompt-"))
		await writeFile(path.join(dir, "p.md"), "from a file\n")
		expect((await options("--prompt-file", path.join(dir, "p.md"))).prompt).toBe("from a file\n")
	})

	it.each([
		[["--prompt-file"], /argument missing/],
		[["--yes=1"], /unknown option|does not take/],
		[["-x"], /unknown option '-x'/],
	])("refuses %j in one line", (argv, message) => {
		const { parsed, err } = parse(...argv)
		expect(parsed).toEqual({ kind: "exit", code: 2 })
		expect(err.trim().split("\n")).toHaveLength(1)
		expect(err).toMatch(message)
	})

	it("refuses bad values after parsing with a UsageError naming the flag", async () => {
		await expect(options("--model", " ", "x")).rejects.toThrow(
			new UsageError("--model needs a non-empty value"),
		)
		await expect(options("--stdin-prompt-stream", "hi")).rejects.toThrow(/takes prompts from stdin/)
	})

	it("help and version exit 0; `list tasks` is a command", () => {
		expect(parse("--help").parsed).toEqual({ kind: "exit", code: 0 })
		expect(parse("-V")).toMatchObject({
			parsed: { kind: "exit", code: 0 },
			out: expect.stringMatching(/^\d/),
		})
		expect(parse("list", "tasks", "-w", "/tmp").parsed).toMatchObject({
			kind: "listTasks",
			flags: { workspace: "/tmp" },
		})
	})

	it("formats commander's messages as one line and finds CAIRN_HOME", () => {
		expect(oneLineError("error: unknown option '--promt'\n(Did you mean --prompt?)")).toBe(
			"cairn: unknown option '--promt' (Did you mean --prompt?)\n",
		)
		expect(cairnHomeOf({ CAIRN_HOME: "/x/y" })).toBe("/x/y")
		expect(cairnHomeOf({})).toBe(path.join(os.homedir(), ".cairn"))
	})
})

describe("commander's errors in the person's language", () => {
	afterEach(() => useCliLanguage("en"))

	const errorOf = (argv: string[]): string => {
		let err = ""
		parseCommandLine(argv, { stdout: () => {}, stderr: (text) => (err += text) })
		return err
	}

	it("keep the option, the value and the suggestion, and count by the language's plural rules", async () => {
		await useCliLanguage("es")
		expect(errorOf(["--modle", "x"])).toBe(
			"cairn: opción desconocida '--modle' (¿quisiste decir una de --mode, --model?)\n",
		)
		await useCliLanguage("ru")
		expect(errorOf(["checkpoints", "a", "list", "b", "c"])).toBe(
			"cairn: слишком много аргументов для 'checkpoints': ожидалось 3 аргумента, получено 4.\n",
		)
		await useCliLanguage("en")
		expect(errorOf(["--provider", "nope"])).toMatch(
			/^cairn: option '--provider <name>' argument 'nope' is invalid\. Allowed choices are anthropic, /,
		)
	})

	it("reads --worktree with or without a name, and refuses a bad name or a resumed task", async () => {
		expect((await options("--worktree", "-P", "go")).worktree).toEqual({})
		expect((await options("--worktree", "fix-1", "--allow-worktree-setup", "-P", "go")).worktree).toEqual(
			{
				name: "fix-1",
			},
		)
		expect((await options("-P", "go")).worktree).toBeUndefined()
		await expect(options("--worktree", "../x", "-P", "go")).rejects.toThrow(/not a worktree name/)
		await expect(options("--worktree", "-c")).rejects.toThrow(/--worktree starts a new task/)
	})

	it("reads --base only with --worktree, as a branch or commit name", async () => {
		expect((await options("--worktree", "--base", "release/1.2", "-P", "go")).worktree).toEqual({
			base: "release/1.2",
		})
		expect((await options("--worktree", "fix", "--base=abc123", "-P", "go")).worktree).toEqual({
			name: "fix",
			base: "abc123",
		})
		await expect(options("--base", "main", "-P", "go")).rejects.toThrow(/use it with --worktree/)
		await expect(options("--worktree", "--base", "a..b", "-P", "go")).rejects.toThrow(
			/not a branch or commit name/,
		)
	})

	it("reads the fleet's commands: run <file> with --concurrency, --results, --shard and the run's flags; results <folder> --json", () => {
		expect(
			parse(
				"run",
				"tasks.jsonl",
				"--concurrency",
				"8",
				"--results",
				"out",
				"--shard",
				"1/4",
				"--model",
				"m",
			).parsed,
		).toMatchObject({
			kind: "fleetRun",
			command: { file: "tasks.jsonl", concurrency: "8", results: "out", shard: "1/4" },
			flags: { model: "m" },
		})
		expect(parse("run", "tasks.yaml").parsed).toMatchObject({
			kind: "fleetRun",
			command: { file: "tasks.yaml" },
		})
		expect(parse("results", "out", "--json").parsed).toMatchObject({
			kind: "fleetResults",
			folder: "out",
			flags: { outputFormat: "json" },
		})
	})

	it("reads the board's commands: tasks (ps), land --how, discard --yes-lose-work, diff", () => {
		expect(parse("ps").parsed).toMatchObject({ kind: "board", command: { action: "tasks" } })
		expect(parse("tasks", "--output-format", "json").parsed).toMatchObject({
			kind: "board",
			outputFormatGiven: true,
			flags: { outputFormat: "json" },
		})
		expect(parse("land", "3").parsed).toMatchObject({
			command: { action: "land", task: "3", how: "merge" },
		})
		expect(parse("land", "ab12", "--how", "pr").parsed).toMatchObject({
			command: { action: "land", task: "ab12", how: "pullRequest" },
		})
		expect(parse("discard", "1", "--yes-lose-work").parsed).toMatchObject({
			command: { action: "discard", task: "1", yesLoseWork: true },
		})
		expect(parse("diff", "1").parsed).toMatchObject({ command: { action: "diff", task: "1" } })
		expect(parse("land").parsed).toEqual({ kind: "exit", code: 2 })
		expect(parse("land", "1", "--how", "rebase").parsed).toEqual({ kind: "exit", code: 2 })
	})
})
