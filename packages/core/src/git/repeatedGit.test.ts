import { mkdir, readFile, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { GitError } from "./gitError.js"
import { HardenedGit } from "./hardenedGit.js"
import { RepeatedGit } from "./repeatedGit.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let work: string

const listingArgs = ["ls-files", "-z", "-t", "--others", "--exclude-standard"]

function ownGit(timeoutMs = 60_000): HardenedGit {
	return HardenedGit.forOwn({ gitDir: path.join(temp.dir, "git"), workTree: work, timeoutMs })
}

/** A shell command line run again at each request, as RepeatedGit runs git's. */
function repeatedShell(script: string, timeoutMs = 60_000): RepeatedGit {
	return new RepeatedGit({
		command: "/bin/sh",
		args: ["-c", script],
		cwd: work,
		env: process.env,
		name: "test",
		timeoutMs,
	})
}

/** Whether a process is alive and not a zombie (Linux's /proc). */
async function running(pid: number): Promise<boolean> {
	const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "")
	return stat !== "" && stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z"
}

beforeAll(async () => {
	temp = await makeTempDir("cairn-repeated-git-")
	work = path.join(temp.dir, "work")
	await mkdir(work)
	await ownGit().run(["init", "--quiet"])
})
afterAll(async () => {
	await temp.remove()
})

describe.runIf(process.platform === "linux")("a git run again by a shell that stays alive", () => {
	it("answers each run with the output of that run, in the folder as it is then, though it was removed and made again", async () => {
		const listing = ownGit().repeated(listingArgs)
		try {
			await writeFile(path.join(work, "one.txt"), "1")
			expect((await listing.run()).stdout.toString()).toBe("? one.txt\0")
			await writeFile(path.join(work, "two\nlines.txt"), "2")
			expect((await listing.run()).stdout.toString()).toBe("? one.txt\0? two\nlines.txt\0")
			await rm(work, { recursive: true })
			await mkdir(work)
			expect(await listing.run()).toEqual({ code: 0, stdout: Buffer.alloc(0) })
			await writeFile(path.join(work, "three.txt"), "3")
			expect((await listing.run()).stdout.toString()).toBe("? three.txt\0")
		} finally {
			await listing.close()
		}
	})

	it("gives the exit code of a run that failed, and runs the next one as any other", async () => {
		const listing = repeatedShell('[ -e fail ] && exit 7; printf "fine\\0"')
		try {
			await writeFile(path.join(work, "fail"), "")
			expect((await listing.run()).code).toBe(7)
			await rm(path.join(work, "fail"))
			expect(await listing.run()).toEqual({ code: 0, stdout: Buffer.from("fine\0") })
			// A folder that is gone fails the run (the caller runs git as any other, for its error).
			await rm(work, { recursive: true })
			expect((await listing.run()).code).not.toBe(0)
		} finally {
			await mkdir(work, { recursive: true })
			await listing.close()
		}
	})

	it("ends an answer only at its own marker, not at output made to look like one", async () => {
		// A NUL, then what a marker holds, but not this session's nonce.
		const listing = repeatedShell(`printf '\\0%s 0\\nmore\\0' 0123456789abcdef01234567`)
		try {
			const { code, stdout } = await listing.run()
			expect(code).toBe(0)
			expect(stdout.toString()).toBe("\x000123456789abcdef01234567 0\nmore\0")
		} finally {
			await listing.close()
		}
	})

	it("fails a run whose shell was killed, and starts a new shell for the next", async () => {
		const listing = repeatedShell("echo $PPID")
		try {
			const shell = Number((await listing.run()).stdout.toString())
			expect(await running(shell)).toBe(true)
			const killed = repeatedShell("kill -9 $PPID; sleep 1")
			await expect(killed.run()).rejects.toBeInstanceOf(GitError)
			process.kill(shell, "SIGKILL")
			await expect
				.poll(async () => (await listing.run().catch(() => undefined))?.stdout.toString())
				.toMatch(/^\d+\n$/)
			const next = Number((await listing.run()).stdout.toString())
			expect(next).not.toBe(shell)
		} finally {
			await listing.close()
		}
	})

	it("stops the shell and what it started when a run takes too long", async () => {
		const listing = repeatedShell("echo $$ > child.pid; exec sleep 30", 300)
		await expect(listing.run()).rejects.toThrow(/was stopped/)
		const child = Number(await readFile(path.join(work, "child.pid"), "utf8"))
		await expect.poll(() => running(child)).toBe(false)
		await listing.close()
	})

	it("ends its shell on close, and a run after it starts a new one", async () => {
		const listing = repeatedShell("echo $PPID")
		const shell = Number((await listing.run()).stdout.toString())
		await listing.close()
		expect(await running(shell)).toBe(false)
		const again = Number((await listing.run()).stdout.toString())
		expect(again).not.toBe(shell)
		await listing.close()
		expect(await running(again)).toBe(false)
	})
})
