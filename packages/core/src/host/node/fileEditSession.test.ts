import { chmod, lstat, mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../../test-support/recordingLogger.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { NodeHost } from "./NodeHost.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let host: NodeHost
beforeEach(async () => {
	temp = await makeTempDir("cairn-edit-")
	host = new NodeHost({
		workspaceRoot: temp.dir,
		storageDir: path.join(temp.dir, ".store"),
		logger: recordingLogger(),
	})
})
afterEach(() => temp.remove())

const edit = (relativePath: string, original: string | undefined, proposed: string) => ({
	absolutePath: path.join(temp.dir, relativePath),
	relativePath,
	original,
	proposed,
})

describe("NodeHost.previewEdit", () => {
	it("offers the proposal unchanged and saves it, creating parent folders", async () => {
		const session = await host.previewEdit(edit("a/b/c.txt", undefined, "new\n"))
		const content = await session.finalContent()
		expect(content).toBe("new\n")
		await session.save(content)
		expect(await readFile(path.join(temp.dir, "a/b/c.txt"), "utf8")).toBe("new\n")
		expect((await readdir(path.join(temp.dir, "a/b"))).sort()).toEqual(["c.txt"])
	})

	it("keeps the permission bits of the file it replaces", async () => {
		const file = path.join(temp.dir, "run.sh")
		await writeFile(file, "#!/bin/sh\necho 1\n")
		await chmod(file, 0o755)
		const session = await host.previewEdit(edit("run.sh", "#!/bin/sh\necho 1\n", "#!/bin/sh\necho 2\n"))
		await session.save(await session.finalContent())
		expect((await stat(file)).mode & 0o777).toBe(0o755)
		expect(await readFile(file, "utf8")).toBe("#!/bin/sh\necho 2\n")
	})

	it("writes through a symlink instead of replacing it", async () => {
		await mkdir(path.join(temp.dir, "real"))
		await writeFile(path.join(temp.dir, "real/target.txt"), "old")
		await symlink(path.join(temp.dir, "real/target.txt"), path.join(temp.dir, "link.txt"))
		const session = await host.previewEdit(edit("link.txt", "old", "new"))
		await session.save("new")
		expect((await lstat(path.join(temp.dir, "link.txt"))).isSymbolicLink()).toBe(true)
		expect(await readlink(path.join(temp.dir, "link.txt"))).toBe(path.join(temp.dir, "real/target.txt"))
		expect(await readFile(path.join(temp.dir, "real/target.txt"), "utf8")).toBe("new")
	})

	it("discard leaves the file as it was", async () => {
		await writeFile(path.join(temp.dir, "keep.txt"), "keep")
		const session = await host.previewEdit(edit("keep.txt", "keep", "changed"))
		await session.discard()
		expect(await readFile(path.join(temp.dir, "keep.txt"), "utf8")).toBe("keep")
	})

	it("reports no diagnostics and no open files: a terminal has neither", async () => {
		expect(await host.diagnostics()).toEqual([])
		expect(await host.openFiles()).toEqual([])
	})
})
