import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import type { BudgetSettings } from "@cairn/types"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { Budgets } from "./budgets.js"
import { DaySpend, localDay } from "./daySpend.js"

const limits = (patch: Partial<BudgetSettings>): (() => BudgetSettings) => {
	const settings = { task: {}, run: {}, day: {}, ...patch }
	return () => settings
}
const profile = { key: "p1", name: "Work" }
const scopes = (budgets: { current(): readonly { scope: string; spent: unknown }[] }) =>
	Object.fromEntries(budgets.current().map((budget) => [budget.scope, budget.spent]))

let folder: string
beforeEach(async () => {
	folder = await mkdtemp(path.join(tmpdir(), "cairn-budgets-"))
})
afterEach(() => rm(folder, { recursive: true, force: true }))

describe("which budgets a task spends from", () => {
	it("a subtask spends from its parent's task and run budgets; another task has its own", async () => {
		const budgets = new Budgets(limits({}), new DaySpend(folder))
		const parent = await budgets.forTask({ taskId: "parent", profile })
		const child = await budgets.forTask({ taskId: "child", parentTaskId: "parent", profile })
		const other = await budgets.forTask({ taskId: "other", profile })
		child.billed({ cost: 0.5, tokens: 100 })
		expect(scopes(parent)).toMatchObject({ task: { cost: 0.5, tokens: 100 }, run: { cost: 0.5 } })
		expect(scopes(other)).toMatchObject({ task: { cost: 0, tokens: 0 }, run: { cost: 0 } })
		// The profile's day counts every task.
		expect(scopes(other).day).toEqual({ cost: 0.5, tokens: 100 })
	})

	it("tasks started together share their run's budget, each keeping its own task budget", async () => {
		const budgets = new Budgets(limits({}), new DaySpend(folder))
		const a = await budgets.forTask({ taskId: "a", run: "best-of-2", profile })
		const b = await budgets.forTask({
			taskId: "b",
			run: "best-of-2",
			profile: { key: "p2", name: "Home" },
		})
		a.billed({ cost: 1, tokens: 10 })
		b.billed({ cost: 2, tokens: 20 })
		expect(scopes(a)).toMatchObject({ task: { cost: 1 }, run: { cost: 3, tokens: 30 }, day: { cost: 1 } })
		expect(scopes(b)).toMatchObject({ task: { cost: 2 }, run: { cost: 3, tokens: 30 }, day: { cost: 2 } })
	})
})

describe("a task read back from disk", () => {
	it("goes on from what it spent, its subtasks sharing that; the day's budget keeps its own count", async () => {
		const budgets = new Budgets(limits({}), new DaySpend(folder))
		const parent = await budgets.forTask({
			taskId: "parent",
			profile,
			spent: { cost: 0.75, tokens: 1500 },
		})
		const child = await budgets.forTask({ taskId: "child", parentTaskId: "parent", profile })
		child.billed({ cost: 0.25, tokens: 500 })
		expect(scopes(parent)).toEqual({
			task: { cost: 1, tokens: 2000 },
			run: { cost: 1, tokens: 2000 },
			day: { cost: 0.25, tokens: 500 },
		})
	})
})

describe("a profile's day", () => {
	it("is read back after a restart, for that profile and that day only", async () => {
		const first = new Budgets(limits({}), new DaySpend(folder), () => "2026-11-27")
		const task = await first.forTask({ taskId: "t", profile })
		task.billed({ cost: 0.25, tokens: 40 })
		task.billed({ cost: 0.25, tokens: 60 })
		await task.saved()

		const restarted = new Budgets(limits({}), new DaySpend(folder), () => "2026-11-27")
		const again = await restarted.forTask({ taskId: "u", profile })
		expect(scopes(again).day).toEqual({ cost: 0.5, tokens: 100 })
		const otherProfile = await restarted.forTask({ taskId: "v", profile: { key: "p2", name: "Home" } })
		expect(scopes(otherProfile).day).toEqual({ cost: 0, tokens: 0 })
		const tomorrow = new Budgets(limits({}), new DaySpend(folder), () => "2026-11-28")
		expect(scopes(await tomorrow.forTask({ taskId: "w", profile })).day).toEqual({ cost: 0, tokens: 0 })
	})

	it("starts again at midnight for a task that runs on", async () => {
		let day = "2026-11-27"
		const budgets = new Budgets(limits({}), new DaySpend(folder), () => day)
		const task = await budgets.forTask({ taskId: "t", profile })
		task.billed({ cost: 1, tokens: 1 })
		day = "2026-11-28"
		expect(scopes(task).day).toEqual({ cost: 0, tokens: 0 })
		task.billed({ cost: 2, tokens: 2 })
		expect(scopes(task)).toMatchObject({ task: { cost: 3 }, day: { cost: 2 } })
		await task.saved()
	})

	it("says when the day's spend could not be saved instead of going on as if it were", async () => {
		const store = path.join(folder, "budgets")
		const budgets = new Budgets(limits({}), new DaySpend(store))
		const task = await budgets.forTask({ taskId: "t", profile })
		// Its folder cannot be made: a file is in the way.
		await writeFile(store, "")
		task.billed({ cost: 1, tokens: 1 })
		await expect(task.saved()).rejects.toThrow(/EEXIST|ENOTDIR/)
	})

	it("that cannot be read keeps the task from starting: a limit it cannot know is not held", async () => {
		const blocked = path.join(folder, "not-a-folder")
		await writeFile(blocked, "")
		const budgets = new Budgets(limits({}), new DaySpend(path.join(blocked, "budgets")))
		await expect(budgets.forTask({ taskId: "t", profile })).rejects.toThrow(/ENOTDIR/)
	})

	it("after a move to the person's cheaper profile, counts what the task spends from then on against that profile's day", async () => {
		const settings = limits({
			task: { maxTokens: 100 },
			switchProfile: { profileId: "cheap", atPercent: 50 },
		})
		const budgets = new Budgets(settings, new DaySpend(folder), () => "2026-11-27")
		const cheapBefore = await budgets.forTask({
			taskId: "other",
			profile: { key: "cheap", name: "Cheap" },
		})
		cheapBefore.billed({ cost: 0.5, tokens: 5 })
		const task = await budgets.forTask({
			taskId: "t",
			profile,
			switchProfile: (profileId) => Promise.resolve(profileId === "cheap" ? "Cheap" : undefined),
		})
		task.billed({ cost: 2, tokens: 60 })
		expect((await task.switchIfDue())?.switchedTo).toBe("Cheap")
		task.billed({ cost: 0.25, tokens: 10 })
		const day = task.current().find((budget) => budget.scope === "day")
		expect(day?.status).toMatchObject({ profile: "Cheap", spent: { cost: 0.75, tokens: 15 } })
		await task.saved()
		// Read back after a restart: each profile's day has what was spent with it.
		const daySpend = new DaySpend(folder)
		expect(await daySpend.of("p1", "2026-11-27")).toEqual({ cost: 2, tokens: 60 })
		expect(await daySpend.of("cheap", "2026-11-27")).toEqual({ cost: 0.75, tokens: 15 })
	})

	it("is the person's local calendar day", () => {
		expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05")
		expect(localDay(new Date(2026, 0, 6, 0, 0))).toBe("2026-01-06")
	})
})

describe("limits", () => {
	it("are the settings' at every check, raised by the configured limit each time", async () => {
		const settings: BudgetSettings = { task: { maxCost: 1 }, run: {}, day: { maxTokens: 100 } }
		const budgets = new Budgets(() => settings, new DaySpend(folder))
		const task = await budgets.forTask({ taskId: "t", profile })
		task.billed({ cost: 0.85, tokens: 50 })
		const [own, run, day] = task.current()
		expect([own?.level, run?.level, day?.level]).toEqual(["near", "under", "under"])
		task.billed({ cost: 0.15, tokens: 0 })
		expect(own?.level).toBe("reached")
		own?.raise()
		expect(own?.limit).toEqual({ maxCost: 2 })
		expect(own?.level).toBe("under")
		settings.task = { maxCost: 5 }
		expect(own?.limit).toEqual({ maxCost: 10 })
		settings.task = {}
		expect(own?.level).toBe("under")
	})
})
