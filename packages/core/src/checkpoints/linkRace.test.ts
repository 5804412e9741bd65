import { execFileSync } from "node:child_process"
import { mkdir, rename, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { CheckpointStore } from "./checkpointStore.js"
import { ShadowRepository } from "./shadowRepository.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
let root: string
let outside: string
const secret = "-----BEGIN OPENSSH PRIVATE KEY----- not for any checkpoint\n"

beforeEach(async () => {
	temp = await makeTempDir("cairn-checkpoints-link-race-")
	root = path.join(temp.dir, "workspace")
	outside = path.join(temp.dir, "home", ".ssh")
	await mkdir(path.join(root, "keys"), { recursive: true })
	await mkdir(outside, { recursive: true })
	await writeFile(path.join(outside, "id_rsa"), secret)
	await writeFile(path.join(root, "a.txt"), "a\n")
	await writeFile(path.join(root, "keys", "id_rsa"), "a placeholder\n")
})
afterEach(() => temp.remove())

/** Whether the shadow repository holds the secret's bytes as an object, referenced or not. */
async function holdsSecret(): Promise<boolean> {
	const gitDir = path.join(await ShadowRepository.folderFor(path.join(temp.dir, "storage"), root), "git")
	const id = execFileSync("git", ["hash-object", "--stdin"], { input: secret }).toString().trim()
	try {
		execFileSync("git", [`--git-dir=${gitDir}`, "cat-file", "-e", id], { stdio: "ignore" })
		return true
	} catch {
		return false
	}
}

// "bwrap": the checkpoints' gits run confined where bubblewrap can; a missing bubblewrap: the host
// reads the files itself and checks them.
describe.each([
	["with git confined in bubblewrap", "bwrap"],
	["where bubblewrap is missing", path.join("/nonexistent", "bwrap")],
])("a checkpoint whose file is swapped for a link at the moment its content is read, %s", (_, bwrapPath) => {
	const openStore = (swap: (paths: readonly string[]) => Promise<void>) => {
		let armed = false
		const store = CheckpointStore.open({
			workspaceRoot: root,
			storageDir: path.join(temp.dir, "storage"),
			sizeLimitBytes: 1024 * 1024,
			logger: recordingLogger(),
			bwrapPath,
			beforeContentRead: async (paths) => {
				if (!armed) return
				armed = false
				await swap(paths)
			},
		})
		return { store, arm: () => (armed = true) }
	}

	it("does not keep the bytes of the file outside the workspace the link leads to", async () => {
		const { store: opening, arm } = openStore(async (paths) => {
			expect(paths).toContain("a.txt")
			await rm(path.join(root, "a.txt"))
			await symlink(path.join(outside, "id_rsa"), path.join(root, "a.txt"))
		})
		const store = await opening
		await store.save("t", "first")
		await writeFile(path.join(root, "a.txt"), "changed\n")
		arm()
		await store.save("t", "second").catch(() => undefined)
		expect(await holdsSecret()).toBe(false)
		const { before, after } = await store.changesSince(await store.save("t", "third"))
		expect([...before.values(), ...(after?.values() ?? [])].map(String)).not.toContain(secret)
	})

	it("does not keep the bytes of a file outside when a folder above it is swapped for a link", async () => {
		const { store: opening, arm } = openStore(async (paths) => {
			expect(paths).toContain("keys/id_rsa")
			await rename(path.join(root, "keys"), path.join(temp.dir, "keys-away"))
			await symlink(outside, path.join(root, "keys"))
		})
		const store = await opening
		await store.save("t", "first")
		await writeFile(path.join(root, "keys", "id_rsa"), "changed placeholder\n")
		arm()
		await store.save("t", "second").catch(() => undefined)
		expect(await holdsSecret()).toBe(false)
	})
})
