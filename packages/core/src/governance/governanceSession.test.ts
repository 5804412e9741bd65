import { mkdir, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { GovernanceSession } from "./governanceSession.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
const intentsFile = () => path.join(temp.dir, ".orchestration/active_intents.yaml")
const writeIntents = (status: string) =>
	writeFile(intentsFile(), `active_intents:\n  - {id: INT-1, name: One, status: ${status}}\n`)

beforeEach(async () => {
	temp = await makeTempDir("cairn-session-")
	await mkdir(path.join(temp.dir, ".orchestration"))
})
afterEach(() => temp.remove())

describe("a task's governance session", () => {
	it("activates only an IN_PROGRESS intent of the file", async () => {
		await writeIntents("PENDING")
		const session = new GovernanceSession(temp.dir)
		expect(await session.activate("INT-1")).toEqual({
			ok: false,
			error: "INT-1 is not an IN_PROGRESS intent",
		})
		await writeIntents("IN_PROGRESS")
		expect(await session.activate("INT-1")).toMatchObject({ ok: true, intent: { id: "INT-1" } })
		expect(session.activeIntentId).toBe("INT-1")
	})

	it("ends the active intent once when its status changes, and says why", async () => {
		await writeIntents("IN_PROGRESS")
		const ended: string[] = []
		const session = new GovernanceSession(temp.dir, {
			onIntentEnded: (id, reason) => ended.push(`${id}: ${reason}`),
		})
		await session.activate("INT-1")
		await writeIntents("DONE")
		const state = await session.state()
		if (state.kind !== "on") throw new Error(state.kind)
		expect(session.currentIntent(state.intents)).toEqual({
			ended: { intentId: "INT-1", reason: "its status is now DONE" },
		})
		expect(session.currentIntent(state.intents)).toEqual({})
		expect(ended).toEqual(["INT-1: its status is now DONE"])
	})

	it("fails closed when the file disappears from a task it governed", async () => {
		await writeIntents("IN_PROGRESS")
		const session = new GovernanceSession(temp.dir)
		expect((await session.state()).kind).toBe("on")
		await rm(intentsFile())
		expect(await session.state()).toEqual({
			kind: "broken",
			problem: ".orchestration/active_intents.yaml was removed while this task was governed by it",
		})
	})

	it("a task that never saw the file is not governed; a resumed one that had an intent is", async () => {
		expect((await new GovernanceSession(temp.dir).state()).kind).toBe("off")
		const resumed = new GovernanceSession(temp.dir, { restoredIntentId: "INT-1" })
		expect(resumed.activeIntentId).toBe("INT-1")
		expect((await resumed.state()).kind).toBe("broken")
	})
})
