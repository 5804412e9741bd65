import { execFileSync } from "node:child_process"
import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { childGits } from "../test-support/childGits.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { HardenedGit } from "./hardenedGit.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let gitDir: string

beforeAll(async () => {
	temp = await makeTempDir("cairn-git-session-")
	gitDir = path.join(temp.dir, "git")
	execFileSync("git", ["init", "--quiet", "--bare", gitDir])
})
afterAll(async () => {
	await temp.remove()
})

const own = (timeoutMs = 60_000) => HardenedGit.forOwn({ gitDir, workTree: temp.dir, timeoutMs })

describe.runIf(process.platform === "linux")("a long-lived git", () => {
	it("answers each request in order, from one process, as the one-shot command would", async () => {
		const files = await Promise.all(
			["one", "two", "three"].map(async (name) => {
				const file = path.join(temp.dir, name)
				await writeFile(file, `${name}\n`)
				return file
			}),
		)
		const session = own().session(["hash-object", "-w", "--no-filters", "--stdin-paths"])
		const answers = await Promise.all(files.map((file) => session.ask(`${file}\n`, 1)))
		expect(await childGits()).toBe(1)
		const expected = files.map((file) =>
			execFileSync("git", ["hash-object", "--no-filters", file], { encoding: "utf8" }).trim(),
		)
		expect(answers.flat()).toEqual(expected)
		await session.close()
		expect(await childGits()).toBe(0)
	})

	it("fails the request of a git that ended with what it said, and starts a new one for the next", async () => {
		const session = own().session(["update-ref", "--stdin"])
		await expect(session.ask("no-such-command\n", 1)).rejects.toMatchObject({
			name: "GitError",
			message: expect.stringContaining("unknown command"),
		})
		expect(await session.ask("start\ncommit\n", 2)).toEqual(["start: ok", "commit: ok"])
		await session.close()
		expect(await childGits()).toBe(0)
	})

	it("stops a git that does not answer within the time allowed and fails its request", async () => {
		// `start` is answered with one line; the second never comes.
		const session = own(500).session(["update-ref", "--stdin"])
		await expect(session.ask("start\n", 2)).rejects.toMatchObject({
			message: expect.stringContaining("was stopped"),
		})
		expect(await childGits()).toBe(0)
	})
})
