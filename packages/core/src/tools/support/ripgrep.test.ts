import { execFileSync } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { locateRipgrep, ripgrepPath, runRipgrep } from "./ripgrep.js"
import { writeFile } from "node:fs/promises"
import path from "node:path"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
	temp = await makeTempDir("cairn-rg-")
	for (let i = 0; i < 200; i++) await writeFile(path.join(temp.dir, `f${i}.txt`), "x\n")
})
afterAll(() => temp.remove())

describe("ripgrep", () => {
	it("finds a working ripgrep binary", async () => {
		const binary = await ripgrepPath()
		expect(execFileSync(binary, ["--version"], { encoding: "utf8" })).toMatch(/^ripgrep \d+/)
	})

	it("falls back to the system's ripgrep when the package's binary is missing", async () => {
		const missing = () => Promise.reject(new Error("Could not find @vscode/ripgrep-linux-x64"))
		const fallback = await locateRipgrep(missing)
		expect(fallback === "/usr/bin/rg" || fallback === "rg").toBe(true)
		expect(await locateRipgrep(() => Promise.resolve("/nonexistent/rg"))).toBe(fallback)
	})

	it("stops ripgrep as soon as the caller has enough", async () => {
		const seen: string[] = []
		const run = await runRipgrep(["--files", "."], {
			cwd: temp.dir,
			signal: new AbortController().signal,
			onLine: (line) => {
				seen.push(line)
				return seen.length < 5
			},
		})
		expect(seen).toHaveLength(5)
		expect(run.stopped).toBe(true)
	})

	it("reports ripgrep's own errors with its exit code", async () => {
		const run = await runRipgrep(["--regexp", "(", "."], {
			cwd: temp.dir,
			signal: new AbortController().signal,
			onLine: () => true,
		})
		expect(run.exitCode).toBe(2)
		expect(run.stderr).toMatch(/regex parse error/)
	})
})
