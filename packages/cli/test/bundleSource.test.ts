import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const dist = fileURLToPath(new URL("../dist", import.meta.url))

/** The bundle's own JavaScript: cairn.js and its chunks (not the run-time packages beside them). */
async function bundleFiles(): Promise<string[]> {
	const chunks = await readdir(path.join(dist, "chunks"))
	return ["cairn.js", ...chunks.filter((name) => name.endsWith(".js")).map((name) => `chunks/${name}`)]
}

describe("the bundle's source", () => {
	// V8 keeps each module's source for as long as the process runs, one byte a character while
	// every character is Latin-1 and two bytes once a single one is not: one curly quote in the
	// agent's shared chunk (2 MB) cost 2 MB of memory in every run.
	it("is Latin-1 in every file, so V8 keeps it at one byte a character", async () => {
		const wide: string[] = []
		for (const file of await bundleFiles()) {
			const source = await readFile(path.join(dist, file), "utf8")
			const first = [...source].find((character) => character.codePointAt(0)! > 0xff)
			if (first !== undefined)
				wide.push(`${file}: ${JSON.stringify(first)} at ${source.indexOf(first)}`)
		}
		expect(wide).toEqual([])
	})
})
