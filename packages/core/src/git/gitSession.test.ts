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

	it("answers a request whose answer is bytes of a stated length, split over reads or not", async () => {
		const big = Buffer.alloc(300_000, 0x0a)
		const file = path.join(temp.dir, "big")
		await writeFile(file, big)
		const id = execFileSync("git", ["--git-dir", gitDir, "hash-object", "-w", "--no-filters", file], {
			encoding: "utf8",
		}).trim()
		const session = own().session(["cat-file", "--batch"])
		// The header line says how many bytes follow, then one newline.
		const objectEnd = (received: Buffer) => {
			const newline = received.indexOf(0x0a)
			if (newline < 0) return undefined
			const end = newline + 1 + Number(received.subarray(0, newline).toString().split(" ")[2]) + 1
			return received.length >= end ? end : undefined
		}
		const [first, second] = await Promise.all([
			session.askFor(`${id}\n`, objectEnd),
			session.askFor(`${id}\n`, objectEnd),
		])
		for (const answer of [first, second]) {
			expect(answer?.subarray(0, answer.indexOf(0x0a)).toString()).toBe(`${id} blob 300000`)
			expect(answer?.subarray(answer.indexOf(0x0a) + 1, -1).equals(big)).toBe(true)
		}
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
