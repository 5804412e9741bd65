import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdir, readFile } from "node:fs/promises"
import { createServer } from "node:net"
import { homedir } from "node:os"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { cairnSettingsSchema } from "@cairn/types"
import { NodeHost } from "../../host/node/NodeHost.js"
import { commandSandbox } from "../../sandbox/commandSandbox.js"
import { probeSandbox } from "../../sandbox/sandboxProbe.js"
import { recordingLogger } from "../../test-support/recordingLogger.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { runHookCommand } from "./runHookCommand.js"

const availability = await probeSandbox("bwrap")
const why = availability.available ? "" : ` (skipped: ${availability.reason})`

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-hook-")
})
afterEach(() => temp.remove())

const options = (overrides: Partial<Parameters<typeof runHookCommand>[1]> = {}) => ({
	cwd: temp.dir,
	stdin: '{"tool_name":"write_to_file"}',
	timeoutMs: 5_000,
	signal: new AbortController().signal,
	...overrides,
})

const isAlive = (pid: number) => {
	try {
		process.kill(pid, 0)
		return true
	} catch {
		return false
	}
}

describe("running a hook command", () => {
	it("gives the event on stdin and returns its exit code, stdout and stderr apart", async () => {
		const result = await runHookCommand("cat; echo; echo oops >&2; exit 3", options())
		expect(result).toEqual({
			kind: "exited",
			exitCode: 3,
			stdout: '{"tool_name":"write_to_file"}\n',
			stderr: "oops\n",
		})
	})

	it("runs in the workspace with its path in CAIRN_WORKSPACE", async () => {
		const result = await runHookCommand(
			'pwd; echo "$CAIRN_WORKSPACE"',
			options({ env: { CAIRN_WORKSPACE: "/ws" } }),
		)
		expect(result).toMatchObject({ kind: "exited", exitCode: 0, stdout: `${temp.dir}\n/ws\n` })
	})

	it("does not mind a hook that never reads its stdin", async () => {
		const big = "x".repeat(1_000_000)
		expect(await runHookCommand("exit 0", options({ stdin: big }))).toMatchObject({
			kind: "exited",
			exitCode: 0,
		})
	})

	it("kills a hook that runs too long, and everything it started, and settles at once", async () => {
		const started = Date.now()
		const result = await runHookCommand(
			"sh -c 'echo $$ > child.pid; sleep 30' & wait",
			options({ timeoutMs: 300 }),
		)
		expect(result).toEqual({ kind: "failed", error: "it timed out after 0.3 s and was killed" })
		expect(Date.now() - started).toBeLessThan(3_000)
		const child = Number(await readFile(path.join(temp.dir, "child.pid"), "utf8"))
		await expect.poll(() => isAlive(child), { timeout: 2_000 }).toBe(false)
	})

	it("stops when the task is cancelled", async () => {
		const controller = new AbortController()
		const running = runHookCommand("sleep 30", options({ signal: controller.signal }))
		controller.abort()
		expect(await running).toEqual({ kind: "failed", error: "the task was cancelled" })
	})

	it("reports a folder it cannot start in", async () => {
		const result = await runHookCommand("true", options({ cwd: path.join(temp.dir, "missing") }))
		expect(result).toMatchObject({ kind: "failed", error: expect.stringContaining("could not start") })
	})
})

describe.skipIf(!availability.available)(`running a hook command in the sandbox${why}`, () => {
	const sandboxIn = async (workspace: string) => {
		const host = new NodeHost({
			workspaceRoot: workspace,
			storageDir: path.join(temp.dir, "storage"),
			logger: recordingLogger(),
		})
		const sandbox = await commandSandbox(host, cairnSettingsSchema.parse({}))
		if (sandbox.state !== "ready") throw new Error(`the sandbox is ${sandbox.state}`)
		return sandbox.policy
	}

	it("reads the event and writes the workspace, and nothing outside it", async () => {
		const workspace = path.join(temp.dir, "workspace")
		await mkdir(workspace)
		const result = await runHookCommand(
			`cat > event.json; echo out > ${path.join(temp.dir, "escaped")}`,
			options({ cwd: workspace, sandbox: await sandboxIn(workspace) }),
		)
		expect(result).toMatchObject({
			kind: "exited",
			stderr: expect.stringMatching(/read-only file system/i),
		})
		expect(await readFile(path.join(workspace, "event.json"), "utf8")).toBe(
			'{"tool_name":"write_to_file"}',
		)
		expect(existsSync(path.join(temp.dir, "escaped"))).toBe(false)
	})

	it("runs a hook although a socket the sandbox was to cover vanished before it started", async () => {
		const workspace = path.join(temp.dir, "workspace")
		await mkdir(workspace)
		const sandbox = await sandboxIn(workspace)
		const result = await runHookCommand(
			"cat",
			options({
				cwd: workspace,
				// Outside the workspace and /tmp, where the machine is read-only in the sandbox.
				sandbox: {
					...sandbox,
					hiddenSockets: [path.join(homedir(), `.${path.basename(temp.dir)}/tmux.sock`)],
				},
			}),
		)
		expect(result).toEqual({
			kind: "exited",
			exitCode: 0,
			stdout: '{"tool_name":"write_to_file"}',
			stderr: "",
		})
	})

	it("runs a hook that only claims bubblewrap stopped on a socket once", async () => {
		const workspace = path.join(temp.dir, "workspace")
		await mkdir(workspace)
		const socket = path.join(workspace, "dev.sock")
		const server = createServer()
		await new Promise<void>((resolve) => server.listen(socket, resolve))
		try {
			const result = await runHookCommand(
				`echo run >> runs.txt; echo "bwrap: Can't create file at ${socket}: Read-only file system" >&2; exit 1`,
				options({ cwd: workspace, sandbox: await sandboxIn(workspace) }),
			)
			expect(result).toMatchObject({ kind: "exited", exitCode: 1 })
			expect(await readFile(path.join(workspace, "runs.txt"), "utf8")).toBe("run\n")
		} finally {
			await new Promise((resolve) => server.close(resolve))
		}
	})

	it("kills everything inside when it times out", async () => {
		const workspace = path.join(temp.dir, "workspace")
		await mkdir(workspace)
		// A duration no other process uses, to find the background job by its command line.
		const marker = `30.${process.pid}${Date.now() % 1000}`
		const result = await runHookCommand(
			`sleep ${marker} & sleep 30`,
			options({ cwd: workspace, timeoutMs: 300, sandbox: await sandboxIn(workspace) }),
		)
		expect(result).toEqual({ kind: "failed", error: "it timed out after 0.3 s and was killed" })
		const running = () =>
			execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).includes(`sleep ${marker}`)
		await expect.poll(running, { timeout: 5_000 }).toBe(false)
	})
})
