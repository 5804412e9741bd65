import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { WorktreeRegistry, type RegisteredWorktree } from "./worktreeRegistry.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeAll(async () => {
	temp = await makeTempDir("cairn-worktree-registry-")
})
afterAll(() => temp.remove())

const record = (taskId: string, createdAt: number): RegisteredWorktree => ({
	taskId,
	name: taskId,
	branch: `cairn/${taskId}`,
	base: "main",
	baseCommit: "a".repeat(40),
	path: `/trees/${taskId}`,
	workspace: `/trees/${taskId}`,
	index: 1,
	repository: "/repo",
	createdAt,
	phase: "reserved",
})

describe("the worktree registry", () => {
	it("keeps a record per task, oldest first, and logs (but lists past) one it cannot read", async () => {
		const logger = recordingLogger()
		const registry = await WorktreeRegistry.open(path.join(temp.dir, "records"), logger)
		await registry.write(record("second", 2))
		await registry.write(record("first", 1))
		await writeFile(path.join(temp.dir, "records", "torn.json"), '{"taskId":')
		expect((await registry.entries()).map((entry) => entry.taskId)).toEqual(["first", "second"])
		expect(logger.entries).toEqual([
			expect.objectContaining({
				level: "warn",
				details: expect.objectContaining({ file: "torn.json" }),
			}),
		])
	})

	it("lets one holder at a time change it, across instances sharing the folder", async () => {
		const folder = path.join(temp.dir, "shared")
		const registries = await Promise.all(
			[1, 2, 3].map(() => WorktreeRegistry.open(folder, recordingLogger())),
		)
		const order: string[] = []
		await Promise.all(
			registries.map((registry, n) =>
				registry.locked(async () => {
					order.push(`in ${n}`)
					// Another holder's turn would show here, between this one's in and out.
					await new Promise((resolve) => setImmediate(resolve))
					order.push(`out ${n}`)
				}),
			),
		)
		for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i]?.replace("in", "out"))
	})
})
