import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { WorkspaceFiles, workspaceFilesLimits, type WorkspaceEntry } from "./workspaceFiles.js"

let temp: { dir: string; remove(): Promise<void> } | undefined
afterEach(async () => {
	await temp?.remove()
	temp = undefined
})

async function workspaceWith(files: Record<string, string>): Promise<string> {
	temp = await makeTempDir("cairn-files-")
	for (const [relative, content] of Object.entries(files)) {
		await mkdir(path.dirname(path.join(temp.dir, relative)), { recursive: true })
		await writeFile(path.join(temp.dir, relative), content)
	}
	return temp.dir
}

const paths = (entries: WorkspaceEntry[]) => entries.map((e) => (e.type === "folder" ? `${e.path}/` : e.path))

describe("WorkspaceFiles", () => {
	it("finds files and folders fuzzily, without what .gitignore or .cairnignore exclude", async () => {
		const root = await workspaceWith({
			"src/components/ChatTextArea.tsx": "",
			"src/util/text.ts": "",
			"node_modules/lib/index.js": "",
			"secrets/token.txt": "",
			"build/out.js": "",
			".gitignore": "node_modules/\nbuild/\n",
			".cairnignore": "secrets/\n",
		})
		const files = new WorkspaceFiles(root)
		expect(paths(await files.search("cmpchat"))).toEqual(["src/components/ChatTextArea.tsx"])
		expect(paths(await files.search("components"))).toContain("src/components/")
		const everything = paths(await files.search(""))
		expect(everything.slice(0, 3)).toEqual([".cairnignore", ".gitignore", "src/"])
		expect(everything.join(" ")).not.toMatch(/node_modules|secrets|build/)
	})

	it("lists again once its listing is a few seconds old, answering from the old one meanwhile", async () => {
		const root = await workspaceWith({ "a.ts": "" })
		let now = 1_000
		const files = new WorkspaceFiles(root, undefined, () => now)
		expect(paths(await files.search("b.ts"))).toEqual([])
		await writeFile(path.join(root, "b.ts"), "")
		expect(paths(await files.search("b.ts"))).toEqual([])
		now += workspaceFilesLimits.staleAfterMs
		// This query finds the listing old: it is answered at once, and the workspace listed again.
		expect(paths(await files.search("b.ts"))).toEqual([])
		await files.settled()
		expect(paths(await files.search("b.ts"))).toEqual(["b.ts"])
	})

	// CPU time, not wall time: on a busy machine a search waits for a core, which says nothing of its cost.
	it("searches 50,000 paths quickly (the figure is printed; the bound is generous)", async () => {
		const folders = [
			"src",
			"lib",
			"packages/core/src",
			"packages/cli/src",
			"webview-ui/src/components",
			"test",
		]
		const entries: WorkspaceEntry[] = Array.from({ length: 50_000 }, (_, i) => ({
			path: `${folders[i % folders.length]}/module${i % 997}/file${i}.ts`,
			type: "file",
		}))
		const files = new WorkspaceFiles("/unused", async () => entries)
		await files.search("warm up")
		const timings: number[] = []
		for (const query of ["f", "file12", "corefile", "pkcoremod12f", "nothing-like-this"]) {
			const started = process.cpuUsage()
			const found = await files.search(query)
			const spent = process.cpuUsage(started)
			timings.push((spent.user + spent.system) / 1000)
			if (query === "pkcoremod12f") expect(found[0]?.path).toMatch(/^packages\/core\/src\/module12\//)
		}
		const median = [...timings].sort((a, b) => a - b)[2] ?? 0
		console.log(
			`fuzzy search over 50,000 paths: median ${median.toFixed(1)} ms of CPU (${timings.map((t) => t.toFixed(1)).join(", ")})`,
		)
		expect(median).toBeLessThan(500)
	})
})
