import { spawnSync } from "node:child_process"
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import { commonAllowList, mustAsk, mustRun } from "./evaluateCommand.cases.js"
import { mustDeny } from "./evaluateCommand.denyCases.js"
import { evaluateCommand } from "./evaluateCommand.js"

/**
 * The analyser's promise checked against a real bash: every line it allows is run under
 * `bash -c` in an empty folder whose PATH holds only logging stubs, and only programs the rules
 * allow may have started. Wrappers that start the program after them (env, xargs, timeout, …)
 * are the real ones, so what they start is logged too.
 */
const realWrappers = ["env", "xargs", "timeout", "nice", "nohup", "stdbuf", "setsid", "bash", "sh"]

/** Every word of every case that could be a program, and the usual suspects. */
function programNames(): string[] {
	const lines = [
		...mustRun.map(([line]) => line),
		...mustAsk.map(([line]) => line),
		...mustDeny.map(([line]) => line),
	]
	const words = lines.flatMap((line) => line.split(/[\s;|&()`$'"<>{}=]+/))
	const extra = ["touch", "rm", "curl", "wget", "python", "perl", "unlink", "chmod", "mv", "cp", "dd", "ln"]
	return [...new Set([...words, ...extra])].filter((word) => /^[a-z][a-z0-9_.+-]*$/.test(word))
}

let root: string
let stubs: string
let log: string

beforeAll(async () => {
	root = await mkdtemp(path.join(tmpdir(), "cairn-probe-"))
	stubs = path.join(root, "bin")
	log = path.join(root, "started.log")
	await mkdir(stubs)
	for (const name of programNames()) {
		if (realWrappers.includes(name)) continue
		const stub = path.join(stubs, name)
		await writeFile(stub, `#!/bin/sh\nprintf '%s\\n' "\${0##*/}" >> "$PROBE_LOG"\n`)
		await chmod(stub, 0o755)
	}
	for (const name of realWrappers) {
		const real = spawnSync("/bin/sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim()
		if (real !== "") await symlink(real, path.join(stubs, name))
	}
})
afterAll(() => rm(root, { recursive: true, force: true }))

async function runProbe(line: string): Promise<{ started: string[]; created: string[] }> {
	const folder = await mkdtemp(path.join(root, "case-"))
	await writeFile(log, "")
	spawnSync("/bin/bash", ["-c", line], {
		cwd: folder,
		env: { PATH: stubs, HOME: folder, PROBE_LOG: log },
		stdio: "ignore",
		timeout: 10_000,
	})
	const started = (await readFile(log, "utf8")).split("\n").filter((name) => name !== "")
	const created = await readdir(folder)
	await rm(folder, { recursive: true, force: true })
	return { started, created }
}

const programOf = (rule: string) => rule.trim().split(/\s+/)[0] ?? ""

describe("execution probe: what the analyser allows starts only allowed programs", () => {
	const cases = mustRun.filter(([, allowed]) => !allowed?.includes("*"))
	it.each(cases)("%j", async (line, allowed) => {
		const rules = allowed ?? commonAllowList
		const place = { workspaceRoot: root, cwd: root, ignore: await CairnIgnore.load(root) }
		expect(await evaluateCommand(line, { allowed: rules, denied: [] }, place)).toEqual({
			decision: "allow",
		})
		const { started, created } = await runProbe(line)
		const allowedPrograms = new Set(rules.map(programOf))
		expect(started.filter((program) => !allowedPrograms.has(program))).toEqual([])
		expect(created).toEqual([])
	})

	it("catches a program that starts unallowed (the probe can fail)", async () => {
		const { started, created } = await runProbe("echo ${x=`touch pwned`} > made.txt")
		expect(started).toContain("touch")
		expect(created).toEqual(["made.txt"])
	})
})
