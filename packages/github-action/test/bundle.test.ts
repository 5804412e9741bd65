import { mkdtemp, readFile, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actionBundle, buildAction } from "../build.mjs"

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url))
const rebuild =
	"packages/github-action/dist/index.mjs is not what its sources build: run `npm run build -w @cairn/github-action` and commit packages/github-action/dist"

/**
 * The committed bundle is what a workflow's `uses: owner/repo/packages/github-action@ref` runs (a
 * runner installs and builds nothing), so it must be exactly what the sources build today.
 */
describe("the committed action bundle", () => {
	let folder: string
	let fresh: string
	let committed: string
	beforeAll(async () => {
		folder = await mkdtemp(path.join(os.tmpdir(), "cairn-action-fresh-"))
		fresh = await readFile(await buildAction({ outfile: path.join(folder, "index.mjs") }), "utf8")
		committed = await readFile(actionBundle, "utf8").catch(() => "")
	})
	afterAll(() => rm(folder, { recursive: true, force: true }))

	it("is byte for byte a fresh build of the sources", () => {
		// Compared as a whole first, so a stale bundle fails with the way out rather than a 1 MB diff.
		expect(committed === fresh, rebuild).toBe(true)
	})

	it("names no file of the machine that built it and carries no source map", () => {
		expect(fresh).not.toContain(repoRoot)
		expect(fresh).not.toContain(os.homedir() + path.sep)
		expect(fresh).not.toContain("sourceMappingURL")
	})

	it("stays a reasonable size for a runner to load", () => {
		// 1.3 MB in late 2026, most of it undici (under @actions/http-client) and zod.
		expect(Buffer.byteLength(fresh)).toBeLessThan(2_000_000)
	})
})
