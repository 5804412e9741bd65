import { chmod, mkdir, readdir, readFile, readlink, rm, stat, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../../test-support/recordingLogger.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { ApprovedPathChangedError } from "../../workspace/approvedWrite.js"
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

	// Tools hand over the path with symlinks resolved when it was approved (the path gate does
	// that); a link found there at save time was put there since.
	it("refuses to save through a final symlink that appeared after the approval", async () => {
		await mkdir(path.join(temp.dir, "elsewhere"))
		await writeFile(path.join(temp.dir, "elsewhere/target.txt"), "old")
		const session = await host.previewEdit(edit("x.txt", undefined, "new"))
		await symlink(path.join(temp.dir, "elsewhere/target.txt"), path.join(temp.dir, "x.txt"))
		await expect(session.save("new")).rejects.toThrow(ApprovedPathChangedError)
		expect(await readFile(path.join(temp.dir, "elsewhere/target.txt"), "utf8")).toBe("old")
		expect(await readlink(path.join(temp.dir, "x.txt"))).toBe(path.join(temp.dir, "elsewhere/target.txt"))
	})

	it("refuses to save when a folder on the path became a link to another folder", async () => {
		await mkdir(path.join(temp.dir, "sub"))
		await mkdir(path.join(temp.dir, "elsewhere"))
		const session = await host.previewEdit(edit("sub/x.txt", undefined, "new"))
		await rm(path.join(temp.dir, "sub"), { recursive: true })
		await symlink(path.join(temp.dir, "elsewhere"), path.join(temp.dir, "sub"))
		await expect(session.save("new")).rejects.toThrow(/now leads to .*elsewhere/)
		expect(await readdir(path.join(temp.dir, "elsewhere"))).toEqual([])
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
