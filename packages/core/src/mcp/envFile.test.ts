import { execFileSync } from "node:child_process"
import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { workspaceScope } from "../workspace/repositoryFile.js"
import { maxEnvFileBytes, withEnvFiles } from "./envFile.js"
import type { McpServerConfig, ServerEntry } from "./serverConfig.js"

let temp: { dir: string; remove(): Promise<void> }
let workspace: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-envfile-")
	workspace = path.join(temp.dir, "workspace")
	await mkdir(workspace)
	// A secret beside the workspace, as ~/.ssh or ~/.aws are.
	await writeFile(path.join(temp.dir, "secret.env"), "AWS_SECRET=hunter2\n")
})
afterEach(() => temp.remove())

const configFile = () => path.join(workspace, ".vscode", "mcp.json")
const server = (envFile: string, env: Record<string, string> = {}): McpServerConfig => ({
	name: "s",
	source: "project",
	configFile: configFile(),
	disabled: false,
	alwaysAllow: [],
	timeoutSec: 60,
	launch: { transport: "stdio", command: "node", args: [], env, cwd: workspace },
	envFile,
})
const resolve = (entry: ServerEntry) =>
	withEnvFiles([entry], { source: "project", file: configFile() }, workspaceScope(workspace))

/** The reason a server's envFile was refused, or its env when it was read. */
async function outcome(envFile: string, env?: Record<string, string>) {
	const { entries, problems } = await resolve(server(envFile, env))
	const entry = entries[0]
	if (entry !== undefined && "launch" in entry && entry.launch.transport === "stdio")
		return entry.launch.env
	expect(problems).toHaveLength(1)
	expect(problems[0]).toMatchObject({
		server: "s",
		field: "envFile",
		problem: { kind: "env_file_unreadable" },
	})
	return problems[0]?.problem.params.said ?? ""
}

describe("withEnvFiles", () => {
	it("adds the file's variables to the server's env; the env written in the config wins", async () => {
		await writeFile(path.join(workspace, ".env"), "API_KEY=from-file\nREGION=eu\n")
		expect(await outcome(path.join(workspace, ".env"), { API_KEY: "from-config" })).toEqual({
			API_KEY: "from-config",
			REGION: "eu",
		})
	})

	it("leaves entries without an envFile, and invalid entries, as they are", async () => {
		const plain = { ...server("unused") }
		delete plain.envFile
		expect(await resolve(plain)).toEqual({ entries: [plain], problems: [] })
	})

	it("a missing file is the server's problem: it does not start without its variables", async () => {
		expect(await outcome(path.join(workspace, ".env"))).toMatch(/does not exist/)
	})

	it("refuses a file outside the workspace: a path out, a climb out, /proc/self/environ", async () => {
		expect(await outcome(path.join(temp.dir, "secret.env"))).toMatch(/is outside the workspace/)
		expect(await outcome(path.join(workspace, "..", "secret.env"))).toMatch(/is outside the workspace/)
		if (process.platform === "linux")
			expect(await outcome("/proc/self/environ")).toMatch(/is outside the workspace/)
	})

	it("refuses a link in the workspace that leads out of it", async () => {
		await symlink(path.join(temp.dir, "secret.env"), path.join(workspace, ".env"))
		expect(await outcome(path.join(workspace, ".env"))).toMatch(
			/is a link to a file outside the workspace/,
		)
	})

	it("refuses a FIFO (it would never answer) and a file past the cap (it is not read in part)", async () => {
		execFileSync("mkfifo", [path.join(workspace, "pipe.env")])
		expect(await outcome(path.join(workspace, "pipe.env"))).toMatch(/FIFO/)
		await writeFile(path.join(workspace, "big.env"), `A=${"x".repeat(maxEnvFileBytes)}\n`)
		expect(await outcome(path.join(workspace, "big.env"))).toMatch(/larger than 64 KB/)
	})
})
