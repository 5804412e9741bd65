import { spawn, spawnSync } from "node:child_process"
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { startModelServer, type ModelServer, type Turn } from "@cairn/model-server"
import { inject } from "vitest"
import { parse } from "yaml"
import { FakeGitHub } from "./fakeGitHub.js"

const packageDir = fileURLToPath(new URL("..", import.meta.url))
export const cairnBinary = fileURLToPath(new URL("../../cli/dist/cairn.js", import.meta.url))
export const repositoryName = "octo/widgets"
export const apiKey = "sk-test-secret-key-0123456789"
export const jobToken = "ghs_jobtoken0123456789"
export const runId = "4242"

/** Plain git for the test's own setup and checks (never the code under test). */
export function plainGit(cwd: string, ...args: string[]): string {
	const result = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd })
	if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString()}`)
	return result.stdout.toString()
}

/** How one run of the action ended, and what it set as its outputs. */
export interface ActionRun {
	code: number | null
	stdout: string
	stderr: string
	outputs: Record<string, string>
	/** What the action wrote to GITHUB_STEP_SUMMARY, the job page's summary. */
	summary: string
}

/**
 * What a runner gives the action: a bare remote with `main` (one commit), the workspace cloned
 * from it as actions/checkout leaves it, a fake GitHub API, the scripted model server.
 */
export class ActionWorld {
	private constructor(
		readonly root: string,
		readonly remote: string,
		readonly workspace: string,
		readonly github: FakeGitHub,
		readonly model: ModelServer,
	) {}

	/** `files` are committed on main with the README. */
	static async create(scenario: Turn[], files: Record<string, string> = {}): Promise<ActionWorld> {
		const root = await mkdtemp(path.join(os.tmpdir(), "cairn-action-"))
		const remote = path.join(root, "remote.git")
		const seed = path.join(root, "seed")
		const workspace = path.join(root, "workspace")
		await mkdir(seed)
		plainGit(root, "init", "--quiet", "--bare", "--initial-branch=main", remote)
		plainGit(seed, "init", "--quiet", "--initial-branch=main")
		await writeFile(path.join(seed, "README.md"), "# widgets\n")
		for (const [name, content] of Object.entries(files)) await writeFile(path.join(seed, name), content)
		plainGit(seed, "add", "--all")
		plainGit(seed, "commit", "--quiet", "-m", "first")
		plainGit(seed, "push", "--quiet", remote, "main")
		plainGit(root, "clone", "--quiet", remote, workspace)
		const github = await new FakeGitHub(repositoryName).start()
		const model = await startModelServer({ scenario, lifetimeMs: 120_000 })
		return new ActionWorld(root, remote, workspace, github, model)
	}

	/** A file of `branch` on the remote, as pushed. */
	remoteFile(branch: string, file: string): string {
		return plainGit(this.remote, "show", `refs/heads/${branch}:${file}`)
	}

	/** The messages of every commit on the remote's branches. */
	remoteCommitMessages(): string {
		return plainGit(this.remote, "log", "--branches", "--format=%B")
	}

	remoteBranches(): string[] {
		return plainGit(this.remote, "for-each-ref", "--format=%(refname:short)", "refs/heads/")
			.split("\n")
			.filter((name) => name !== "")
	}

	/**
	 * Runs the bundled action as a runner does: its inputs as INPUT_* variables (action.yml's
	 * defaults for those not given), the event's payload in a file, GITHUB_OUTPUT for its outputs.
	 */
	async run(
		event: { name: string; payload: Record<string, unknown> },
		inputs: Record<string, string>,
	): Promise<ActionRun> {
		const runDir = await mkdtemp(path.join(this.root, "run-"))
		const eventPath = path.join(runDir, "event.json")
		const outputPath = path.join(runDir, "output")
		const summaryPath = path.join(runDir, "step-summary.md")
		await writeFile(eventPath, JSON.stringify(event.payload))
		await writeFile(outputPath, "")
		await writeFile(summaryPath, "")
		const given = {
			"github-token": jobToken,
			"api-key": apiKey,
			"base-url": this.model.url,
			model: "claude-sonnet-5",
			cairn: cairnBinary,
			...inputs,
		}
		const env: Record<string, string> = {
			PATH: process.env.PATH ?? "",
			HOME: this.root,
			...(await inputVariables(given)),
			GITHUB_ACTIONS: "true",
			GITHUB_EVENT_NAME: event.name,
			GITHUB_EVENT_PATH: eventPath,
			GITHUB_REPOSITORY: repositoryName,
			GITHUB_RUN_ID: runId,
			GITHUB_SERVER_URL: "https://github.com",
			GITHUB_API_URL: this.github.url,
			GITHUB_WORKSPACE: this.workspace,
			GITHUB_OUTPUT: outputPath,
			GITHUB_STEP_SUMMARY: summaryPath,
			RUNNER_TEMP: runDir,
		}
		const child = spawn(process.execPath, [inject("actionBundle")], {
			cwd: this.workspace,
			env,
			stdio: "pipe",
		})
		let stdout = ""
		let stderr = ""
		child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
		child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
		const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
		return {
			code,
			stdout,
			stderr,
			outputs: parseOutputs(await readFile(outputPath, "utf8")),
			summary: await readFile(summaryPath, "utf8"),
		}
	}

	async cleanup(): Promise<void> {
		await this.github.close()
		await this.model.close()
		await rm(this.root, { recursive: true, force: true })
	}
}

/** INPUT_<NAME> for every input of action.yml: the given value, else its default, as the runner sets them. */
async function inputVariables(given: Record<string, string>): Promise<Record<string, string>> {
	const action = parse(await readFile(path.join(packageDir, "action.yml"), "utf8")) as {
		inputs: Record<string, { default?: string }>
	}
	const unknown = Object.keys(given).filter((name) => !(name in action.inputs))
	if (unknown.length > 0) throw new Error(`not inputs of action.yml: ${unknown.join(", ")}`)
	return Object.fromEntries(
		Object.entries(action.inputs).map(([name, input]) => [
			`INPUT_${name.replace(/ /g, "_").toUpperCase()}`,
			given[name] ?? input.default ?? "",
		]),
	)
}

/** GITHUB_OUTPUT's `name<<delimiter` blocks. */
function parseOutputs(text: string): Record<string, string> {
	const outputs: Record<string, string> = {}
	const block = /^(.+?)<<(.+)\n([\s\S]*?)\n\2\n/gm
	for (const match of text.matchAll(block)) outputs[match[1] ?? ""] = match[3] ?? ""
	return outputs
}
