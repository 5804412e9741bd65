import { mkdir, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { excludeLinks } from "./linkedExcludes.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
	temp = await makeTempDir("cairn-linked-excludes-")
})
afterAll(() => temp.remove())

describe("excluding linked folders", () => {
	it("adds each once, anchored and escaped, after what the person wrote", async () => {
		const gitDir = path.join(temp.dir, "git")
		await mkdir(path.join(gitDir, "info"), { recursive: true })
		await writeFile(path.join(gitDir, "info", "exclude"), "*.log")
		await excludeLinks(gitDir, ["node_modules", "odd [name]#"])
		await excludeLinks(gitDir, ["node_modules", "vendor"])
		expect(await readFile(path.join(gitDir, "info", "exclude"), "utf8")).toBe(
			[
				"*.log",
				"# Cairn: folders its worktrees link to the main work tree's (ignored there too)",
				"/node_modules",
				"/odd\\ \\[name\\]\\#",
				"/vendor",
				"",
			].join("\n"),
		)
	})

	it("makes the file when the repository has none, and writes nothing for nothing", async () => {
		const gitDir = path.join(temp.dir, "bare")
		await mkdir(gitDir)
		await excludeLinks(gitDir, [])
		await expect(readFile(path.join(gitDir, "info", "exclude"))).rejects.toThrow()
		await excludeLinks(gitDir, ["node_modules"])
		expect(await readFile(path.join(gitDir, "info", "exclude"), "utf8")).toMatch(/\n\/node_modules\n$/)
	})
})
