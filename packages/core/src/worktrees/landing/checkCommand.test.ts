import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { checkCommand } from "./checkCommand.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
	temp = await makeTempDir("cairn-check-command-")
})
afterAll(async () => {
	await temp.remove()
})

async function folderWith(name: string, files: Record<string, string>): Promise<string> {
	const folder = path.join(temp.dir, name)
	await mkdir(folder)
	for (const [file, text] of Object.entries(files)) await writeFile(path.join(folder, file), text)
	return folder
}

describe("the repository's test command", () => {
	it.each([
		["configured", { "package.json": '{"scripts":{"test":"vitest"}}' }, "make check", "make check"],
		["npm", { "package.json": '{"scripts":{"test":"vitest run"}}' }, undefined, "npm test"],
		[
			"npm's placeholder",
			{ "package.json": '{"scripts":{"test":"echo \\"Error: no test specified\\" && exit 1"}}' },
			undefined,
			undefined,
		],
		["make", { Makefile: "build:\n\tcc x.c\n\ntest: build\n\t./run-tests\n" }, undefined, "make test"],
		[
			"make without a test target",
			{ Makefile: "TEST := 1\ntest := 2\nbuild:\n\tcc\n" },
			undefined,
			undefined,
		],
		["pytest", { "pyproject.toml": "[project]\nname = 'x'\n" }, undefined, "pytest"],
		["pytest.ini", { "pytest.ini": "[pytest]\n" }, undefined, "pytest"],
		["cargo", { "Cargo.toml": "[package]\n" }, undefined, "cargo test"],
		["go", { "go.mod": "module x\n" }, undefined, "go test ./..."],
		["nothing", { "README.md": "hello\n" }, "  ", undefined],
	])("%s", async (name, files, configured, command) => {
		expect(await checkCommand(await folderWith(name, files), configured)).toBe(command)
	})

	it("does not read a manifest that links outside the worktree", async () => {
		const outside = await folderWith("outside", { "package.json": '{"scripts":{"test":"steal"}}' })
		const folder = await folderWith("linked", {})
		await symlink(path.join(outside, "package.json"), path.join(folder, "package.json"))
		expect(await checkCommand(folder)).toBeUndefined()
	})
})
