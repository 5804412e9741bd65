import { existsSync } from "node:fs"
import { mkdir, readFile, rm, writeFile } from "node:fs/promises"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { homedir } from "node:os"
import path from "node:path"
import { cairnSettingsSchema, type CairnSettingsPatch } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { CommandExit } from "../host/Host.js"
import { NodeHost } from "../host/node/NodeHost.js"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { commandSandbox } from "./commandSandbox.js"
import { sandboxFailure } from "./sandboxFailure.js"
import type { SandboxPolicy } from "./sandboxPolicy.js"
import { probeSandbox } from "./sandboxProbe.js"

const availability = await probeSandbox("bwrap")
const why = availability.available ? "" : ` (skipped: ${availability.reason})`

let temp: Awaited<ReturnType<typeof makeTempDir>>
let workspace: string
let outside: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-sandbox-test-")
	workspace = path.join(temp.dir, "workspace")
	outside = path.join(temp.dir, "outside")
	await mkdir(workspace)
	await mkdir(outside)
})
afterEach(() => temp.remove())

function hostWith(
	options: { storageDir?: string; bwrapPath?: string; privateSockets?: string[] } = {},
): NodeHost {
	return new NodeHost({
		workspaceRoot: workspace,
		storageDir: options.storageDir ?? path.join(temp.dir, "storage"),
		logger: recordingLogger(),
		commands: { killGraceMs: 300, closeGraceMs: 300 },
		...(options.bwrapPath !== undefined && { bwrapPath: options.bwrapPath }),
		...(options.privateSockets && { privateSockets: options.privateSockets }),
	})
}

async function policyFor(host: NodeHost, settings: CairnSettingsPatch = {}): Promise<SandboxPolicy> {
	const sandbox = await commandSandbox(host, cairnSettingsSchema.parse(settings))
	if (sandbox.state !== "ready") throw new Error(`the sandbox is ${sandbox.state}`)
	return sandbox.policy
}

async function run(
	host: NodeHost,
	command: string,
	sandbox: SandboxPolicy,
): Promise<{ output: string; exit: CommandExit }> {
	let output = ""
	const running = host.runCommand(command, {
		cwd: workspace,
		onOutput: (chunk) => (output += chunk),
		sandbox,
	})
	const exit = await running.done
	return { output, exit }
}

describe.skipIf(!availability.available)(`commands in the sandbox${why}`, () => {
	it("cannot write outside the workspace: a folder beside it or the home folder; its /tmp is its own", async () => {
		const host = hostWith()
		const sandbox = await policyFor(host)
		const inHome = path.join(homedir(), `cairn-sandbox-probe-${path.basename(temp.dir)}`)
		const inTmp = `/tmp/cairn-escaped-${path.basename(temp.dir)}`
		try {
			const result = await run(
				host,
				`echo a > ${outside}/escaped; echo b > ${inTmp} && cat ${inTmp}; echo c > ${inHome}`,
				sandbox,
			)
			expect(result.output).toMatch(/read-only file system/i)
			expect(result.output).toContain("b\n")
			expect(result.exit.exitCode).not.toBe(0)
			expect(existsSync(path.join(outside, "escaped"))).toBe(false)
			expect(existsSync(inTmp)).toBe(false)
			expect(existsSync(inHome)).toBe(false)
			expect(sandboxFailure(result.output, sandbox)).toMatch(/outside the workspace/)
		} finally {
			await rm(inHome, { force: true })
			await rm(inTmp, { force: true })
		}
	})

	it("fails loudly writing beside a workspace that lies in /tmp, instead of into its private /tmp", async () => {
		const host = hostWith()
		const sandbox = await policyFor(host)
		const result = await run(host, `echo beside > ../beside.txt`, sandbox)
		expect(result.output).toMatch(/read-only file system/i)
		expect(existsSync(path.join(temp.dir, "beside.txt"))).toBe(false)
		expect(sandboxFailure(result.output, sandbox)).toMatch(/outside the workspace/)
	})

	it("cannot read Cairn's secrets file, not even by unmounting what hides it", async () => {
		const host = hostWith()
		await host.secrets.set("apiKey.anthropic", "sk-very-secret-123")
		const secretsFile = path.join(host.storageDir, "secrets.json")
		expect(await readFile(secretsFile, "utf8")).toContain("sk-very-secret-123")
		const sandbox = await policyFor(host)
		const result = await run(
			host,
			`cat ${secretsFile}; umount ${host.storageDir}; cat ${secretsFile}; ls -a ${host.storageDir}`,
			sandbox,
		)
		expect(result.output).not.toContain("sk-very-secret-123")
		expect(result.output).toMatch(/No such file/)
		expect(sandboxFailure(result.output, sandbox)).toMatch(/storage/)
	})

	it("keeps storage hidden when it lies inside the workspace", async () => {
		const host = hostWith({ storageDir: path.join(workspace, ".cairn-storage") })
		await host.secrets.set("apiKey.openai", "sk-inside-workspace-456")
		const sandbox = await policyFor(host)
		const result = await run(
			host,
			`cat .cairn-storage/secrets.json; echo visible > made-here && cat made-here`,
			sandbox,
		)
		expect(result.output).not.toContain("sk-inside-workspace-456")
		expect(result.output).toContain("visible")
		expect(await readFile(path.join(workspace, "made-here"), "utf8")).toBe("visible\n")
	})

	it("does not pass on environment variables that hold keys", async () => {
		process.env.CAIRN_TEST_API_KEY = "sk-from-environment-789"
		try {
			const host = hostWith()
			const result = await run(host, 'echo "key=[$CAIRN_TEST_API_KEY]"', await policyFor(host))
			expect(result.output).toContain("key=[]")
		} finally {
			delete process.env.CAIRN_TEST_API_KEY
		}
	})

	describe("network", () => {
		let server: Server
		let url: string
		beforeEach(async () => {
			server = createServer((_request, response) => response.end("hello from the host"))
			await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
			url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
		})
		afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())))

		const fetchCommand = () =>
			`node -e "fetch('${url}').then((r) => r.text()).then((t) => console.log('got:', t), (e) => { console.log(String(e.cause ?? e)); process.exit(1) })"`

		it("cannot reach a server on 127.0.0.1 while the network is off", async () => {
			const host = hostWith()
			const sandbox = await policyFor(host)
			const result = await run(host, fetchCommand(), sandbox)
			expect(result.output).not.toContain("hello from the host")
			expect(result.exit.exitCode).not.toBe(0)
			expect(sandboxFailure(result.output, sandbox)).toMatch(/network/)
		})

		it("reaches it when the person allows the network", async () => {
			const host = hostWith()
			const sandbox = await policyFor(host, { commandSandboxNetwork: true })
			const result = await run(host, fetchCommand(), sandbox)
			expect(result.output).toContain("got: hello from the host")
			expect(result.exit.exitCode).toBe(0)
		})
	})

	it("builds and runs a small project inside the workspace, with a temp folder of its own", async () => {
		await writeFile(
			path.join(workspace, "build.js"),
			[
				'const fs = require("node:fs")',
				'const os = require("node:os")',
				'const scratch = fs.mkdtempSync(os.tmpdir() + "/build-")',
				'fs.writeFileSync(scratch + "/part.txt", "built")',
				'fs.mkdirSync("out", { recursive: true })',
				'const part = fs.readFileSync(scratch + "/part.txt", "utf8")',
				'fs.writeFileSync("out/app.js", `console.log("app says " + ${JSON.stringify(part)})`)',
			].join("\n"),
		)
		const host = hostWith()
		const result = await run(host, "node build.js && node out/app.js", await policyFor(host))
		expect(result.exit.exitCode).toBe(0)
		expect(result.output).toContain("app says built")
		expect(existsSync(path.join(workspace, "out", "app.js"))).toBe(true)
	})

	it("compiles and runs a C program when a compiler is installed", async () => {
		if (!existsSync("/usr/bin/cc")) return
		await writeFile(
			path.join(workspace, "hello.c"),
			'#include <stdio.h>\nint main(void) { puts("hello from C"); return 0; }\n',
		)
		const host = hostWith()
		const result = await run(host, "cc -o hello hello.c && ./hello", await policyFor(host))
		expect(result.output).toContain("hello from C")
		expect(existsSync(path.join(workspace, "hello"))).toBe(true)
	})

	it("ends everything inside when the command is killed", async () => {
		const host = hostWith()
		const running = host.runCommand(`(sleep 30; echo late > ${workspace}/late) & sleep 30`, {
			cwd: workspace,
			onOutput: () => undefined,
			sandbox: await policyFor(host),
		})
		setTimeout(() => running.kill(), 300)
		const started = Date.now()
		await running.done
		expect(Date.now() - started).toBeLessThan(5_000)
		await new Promise((resolve) => setTimeout(resolve, 500))
		expect(existsSync(path.join(workspace, "late"))).toBe(false)
	})
})

describe("where the sandbox is unavailable", () => {
	it("says why, once, and is never ready", async () => {
		const bwrapPath = path.join("/nonexistent", `bwrap-${Date.now()}`)
		const host = hostWith({ bwrapPath })
		const settings = cairnSettingsSchema.parse({})
		const first = await commandSandbox(host, settings)
		const second = await commandSandbox(host, settings)
		expect(first).toMatchObject({ state: "unavailable", firstTime: true })
		expect(second).toMatchObject({ state: "unavailable", firstTime: false })
		if (first.state === "unavailable") expect(first.reason).toMatch(/not installed|Linux/)
	})

	it("is off when the person turned it off", async () => {
		const host = hostWith({ bwrapPath: "/nonexistent/bwrap" })
		const sandbox = await commandSandbox(host, cairnSettingsSchema.parse({ commandSandbox: false }))
		expect(sandbox).toEqual({ state: "off" })
	})
})
