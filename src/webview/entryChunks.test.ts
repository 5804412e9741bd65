import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { entryChunks } from "./entryChunks"

let buildDir: string | undefined
function build(manifest: string | undefined): string {
	buildDir = mkdtempSync(path.join(tmpdir(), "cairn-build-"))
	if (manifest !== undefined) writeFileSync(path.join(buildDir, "manifest.json"), manifest)
	return buildDir
}
afterEach(() => {
	if (buildDir !== undefined) rmSync(buildDir, { recursive: true, force: true })
})

describe("entryChunks", () => {
	it("lists the chunks the entry imports and the chunks they import, not what it loads on demand", () => {
		const manifest = {
			"src/main.tsx": {
				file: "assets/index.js",
				isEntry: true,
				imports: ["_shared.js", "_runtime.js"],
				dynamicImports: ["src/Settings.tsx"],
			},
			"_shared.js": { file: "assets/shared.js", imports: ["_runtime.js", "_format.js"] },
			"_runtime.js": { file: "assets/runtime.js" },
			"_format.js": { file: "assets/format.js" },
			"src/Settings.tsx": { file: "assets/Settings.js", imports: ["_shared.js", "_settingsOnly.js"] },
			"_settingsOnly.js": { file: "assets/settingsOnly.js" },
		}
		expect(entryChunks(build(JSON.stringify(manifest)))).toEqual([
			"assets/shared.js",
			"assets/runtime.js",
			"assets/format.js",
		])
	})

	it("preloads nothing when the build has no readable manifest", () => {
		expect(entryChunks(build(undefined))).toEqual([])
		expect(entryChunks(build("{ not json"))).toEqual([])
		expect(entryChunks(build(JSON.stringify({ "src/main.tsx": { file: "assets/index.js" } })))).toEqual(
			[],
		)
	})
})
