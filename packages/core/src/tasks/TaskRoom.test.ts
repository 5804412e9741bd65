import { describe, expect, it } from "vitest"
import { TaskRoom } from "./TaskRoom.js"

/** A start that stays pending (a stored task still being read back) until the test settles it. */
function pendingStart(taskId: string) {
	let settle!: (error?: Error) => void
	let started = false
	return {
		taskId,
		get started() {
			return started
		},
		settle: (error?: Error) => settle(error),
		start: () => {
			started = true
			return new Promise<void>((resolve, reject) => {
				settle = (error) => (error ? reject(error) : resolve())
			})
		},
	}
}

describe("TaskRoom's line", () => {
	it("counts a task taken from the line as working before its loop begins, and gives its place on when it fails", async () => {
		const failures: string[] = []
		const room = new TaskRoom(
			() => 2,
			(taskId) => failures.push(taskId),
		)
		const [a, b, c] = ["a", "b", "c"].map(pendingStart) as [
			ReturnType<typeof pendingStart>,
			ReturnType<typeof pendingStart>,
			ReturnType<typeof pendingStart>,
		]
		expect(room.admit(a)).toBe(true)
		expect(room.admit(b)).toBe(true)
		expect(room.admit(c)).toBe(false)
		expect(room.working).toBe(2)
		expect(room.queued()).toEqual(["c"])
		expect(c.started).toBe(false)

		a.settle(new Error("unreadable"))
		await new Promise((resolve) => setImmediate(resolve))
		expect(failures).toEqual(["a"])
		expect(c.started).toBe(true)
		expect(room.queued()).toEqual([])
	})

	it("takes a task out of the line when it is cancelled before it starts", () => {
		const room = new TaskRoom(
			() => 1,
			() => undefined,
		)
		const [a, b] = ["a", "b"].map(pendingStart) as [
			ReturnType<typeof pendingStart>,
			ReturnType<typeof pendingStart>,
		]
		room.admit(a)
		room.admit(b)
		expect(room.cancelQueued("b")).toBe(true)
		expect(room.cancelQueued("b")).toBe(false)
		expect(room.queued()).toEqual([])
	})
})
