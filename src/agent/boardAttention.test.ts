import type { ClineMessage, TaskCard } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { askKey, BoardAttention, ToldOnce } from "./boardAttention"

const approval = (ts: number, partial = false): ClineMessage => ({
	ts,
	type: "ask",
	ask: "tool",
	text: JSON.stringify({ tool: "editedExistingFile", path: "src/a.ts", diff: "" }),
	...(partial && { partial }),
})

const card = (taskId: string, overrides: Partial<TaskCard> = {}): TaskCard => ({
	taskId,
	title: `Task ${taskId}`,
	mode: "code",
	state: "running",
	createdAt: 1_000,
	cost: 0,
	...overrides,
})

const waiting = (taskId: string, ts: number, partial = false) =>
	card(taskId, { state: "waiting", waitingOn: approval(ts, partial) })

/** `chatShows`: the chat's own task, while the chat is in view. */
function follow(told?: ToldOnce, chatShows = (_: TaskCard) => false) {
	const badges: number[] = []
	const news: string[] = []
	/** The news whose card no longer needs the person for it, in the order that ended. */
	const over: string[] = []
	const attention = new BoardAttention(
		{
			badge: (count) => badges.push(count),
			leftToChat: chatShows,
			newlyNeeds: (c, ended) => {
				const what = `${c.taskId}:${c.state}@${c.waitingOn?.ts ?? c.endedAt}`
				news.push(`${c.taskId}:${c.state}`)
				void ended.then(() => over.push(what))
			},
		},
		told,
	)
	const update = (c: TaskCard) => attention.receive({ type: "taskCardUpdated", card: c })
	return { attention, badges, told: news, over, update }
}

/** Lets the settled promises' callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe("BoardAttention", () => {
	it("counts the cards that wait for the person or failed, on the badge, as they change", () => {
		const { attention, badges, update } = follow()
		attention.receive({
			type: "taskBoard",
			cards: [waiting("a", 10), card("b"), card("c", { state: "failed", error: "boom" })],
			running: 2,
			limit: 4,
		})
		expect(badges).toEqual([2])
		update(waiting("b", 20))
		update(card("a", { state: "running" }))
		update(card("a", { state: "done" }))
		attention.receive({ type: "taskCardRemoved", taskId: "c" })
		// Unchanged counts are not sent again.
		expect(badges).toEqual([2, 3, 2, 1])
	})

	it("tells of each card that newly needs the person once, not what the first board already showed", () => {
		const { attention, told, update } = follow()
		attention.receive({ type: "taskBoard", cards: [waiting("a", 10)], running: 1, limit: 4 })
		expect(told).toEqual([])
		update(waiting("a", 10))
		update(waiting("b", 20))
		update(waiting("b", 20))
		update(card("b", { state: "running" }))
		update(waiting("b", 30))
		update(card("c", { state: "failed", endedAt: 5_000, error: "The model is unreachable." }))
		update(card("c", { state: "failed", endedAt: 5_000, error: "The model is unreachable." }))
		expect(told).toEqual(["b:waiting", "b:waiting", "c:failed"])
	})

	it("waits for an ask to be complete before telling of it", () => {
		const { update, told, badges } = follow()
		update(waiting("a", 10, true))
		expect(told).toEqual([])
		// It already counts: the card is waiting.
		expect(badges).toEqual([1])
		update(waiting("a", 10))
		expect(told).toEqual(["a:waiting"])
	})

	it("does not tell again of an ask the chat already told of, and the chat learns of the card's", () => {
		const shared = new ToldOnce()
		expect(shared.first(askKey("a", 10))).toBe(true)
		const { update, told } = follow(shared)
		update(waiting("a", 10))
		update(waiting("b", 20))
		expect(told).toEqual(["b:waiting"])
		expect(shared.first(askKey("b", 20))).toBe(false)
	})

	it("leaves the chat's own ask untold while the chat shows it, so the chat tells of it when the person looks away", () => {
		const shared = new ToldOnce()
		let chatInView = true
		const { update, told } = follow(shared, (c) => chatInView && c.taskId === "a")
		// The card's update can reach the notifier before the editor says the chat was hidden.
		update(waiting("a", 10))
		update(waiting("b", 20))
		expect(told).toEqual(["b:waiting"])
		chatInView = false
		expect(shared.first(askKey("a", 10))).toBe(true)
		update(waiting("a", 10))
		expect(told).toEqual(["b:waiting"])
	})

	it("ends what told of a card once the card no longer needs the person for it, and no sooner", async () => {
		const { attention, over, update } = follow()
		update(waiting("a", 10))
		update(waiting("b", 20))
		update(card("c", { state: "failed", endedAt: 5_000, error: "boom" }))
		// The same ask again, and another card's change, end nothing.
		update(waiting("a", 10))
		update(card("d", { state: "running" }))
		await settle()
		expect(over).toEqual([])
		// Answered: it runs on.
		update(card("a", { state: "running" }))
		await settle()
		expect(over).toEqual(["a:waiting@10"])
		// Moved on to another ask: the first is over, the second is news of its own.
		update(waiting("b", 30))
		attention.receive({ type: "taskCardRemoved", taskId: "c" })
		await settle()
		expect(over).toEqual(["a:waiting@10", "b:waiting@20", "c:failed@5000"])
		// A new board that no longer shows it waiting ends it too; disposing ends the rest.
		update(waiting("e", 40))
		attention.receive({ type: "taskBoard", cards: [card("b", { state: "done" })], running: 0, limit: 4 })
		await settle()
		expect(over).toContain("b:waiting@30")
		expect(over).toContain("e:waiting@40")
		update(waiting("f", 50))
		attention.dispose()
		await settle()
		expect(over.at(-1)).toBe("f:waiting@50")
	})

	it("ignores every other message", () => {
		const { attention, badges, told } = follow()
		attention.receive({ type: "modeChanged", mode: "ask" })
		expect(badges).toEqual([])
		expect(told).toEqual([])
	})
})
