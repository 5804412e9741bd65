import { execFile } from "node:child_process"
import { readdir, readFile, writeFile } from "node:fs/promises"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"
import { parse } from "yaml"

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url))
const examples = path.join(repoRoot, "examples", "github")
const actionFile = path.join(repoRoot, "packages", "github-action", "action.yml")
/** The validator's command (its package's `bin`), wherever npm put the package. */
const validatorPackage = createRequire(import.meta.url).resolve("@action-validator/cli/package.json")
const validatorBin = (JSON.parse(await readFile(validatorPackage, "utf8")) as { bin: Record<string, string> })
	.bin
const validator = path.join(path.dirname(validatorPackage), validatorBin["action-validator"] ?? "")

/** action-validator's verdict on a file (a workflow, or an action when it is named action.yml). */
async function validate(file: string): Promise<{ ok: boolean; said: string }> {
	try {
		const { stdout, stderr } = await promisify(execFile)(process.execPath, [validator, file], {
			env: { ...process.env, NO_COLOR: "1" },
		})
		return { ok: true, said: stdout + stderr }
	} catch (error) {
		const failed = error as { stdout?: string; stderr?: string }
		return { ok: false, said: `${failed.stdout ?? ""}${failed.stderr ?? ""}` }
	}
}

const workflows = (await readdir(examples)).filter((name) => name.endsWith(".yml")).sort()

describe("the action and its example workflows, by action-validator's schemas", () => {
	it("there are the three examples: by hand, by comment, a task file's matrix", () => {
		expect(workflows).toEqual(["cairn-comment.yml", "cairn-dispatch.yml", "cairn-tasks.yml"])
	})

	it("action.yml is a valid action", async () => {
		expect(await validate(actionFile)).toMatchObject({ ok: true })
	})

	it.each(workflows)("%s is a valid workflow", async (name) => {
		const verdict = await validate(path.join(examples, name))
		expect(verdict.said).toBe("")
		expect(verdict.ok).toBe(true)
	})

	it("the validator refuses a broken workflow (so the passes above mean something)", async () => {
		const broken = path.join(os.tmpdir(), `cairn-broken-${process.pid}.yml`)
		await writeFile(
			broken,
			"on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: 3\n        run: echo\n",
		)
		expect(await validate(broken)).toMatchObject({ ok: false })
	})

	it.each(workflows)("%s uses the committed action as it is, building nothing of it", async (name) => {
		const text = await readFile(path.join(examples, name), "utf8")
		expect(text).not.toContain("@cairn/github-action")
	})

	it.each(workflows)("%s gives the action only inputs it has, and every required one", async (name) => {
		const action = parse(await readFile(actionFile, "utf8")) as {
			inputs: Record<string, { required?: boolean }>
		}
		const workflow = parse(await readFile(path.join(examples, name), "utf8")) as {
			jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }>
		}
		const steps = Object.values(workflow.jobs).flatMap((job) => job.steps)
		const ours = steps.filter((step) => step.uses?.endsWith("/packages/github-action"))
		expect(ours).toHaveLength(1)
		const given = Object.keys(ours[0]?.with ?? {})
		expect(given.filter((input) => !(input in action.inputs))).toEqual([])
		const required = Object.entries(action.inputs).filter(([, input]) => input.required === true)
		expect(required.map(([input]) => input).filter((input) => !given.includes(input))).toEqual([])
	})
})
