import type { TodoItem } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { withStableIds } from "./stableTodoIds.js"

const pending = (content: string, id?: string) => ({ content, status: "pending" as const, ...(id && { id }) })
const ids = (todos: TodoItem[]) => todos.map((t) => t.id)

describe("withStableIds", () => {
	it("numbers a first list", () => {
		expect(ids(withStableIds([pending("a"), pending("b")], []))).toEqual(["todo-1", "todo-2"])
	})

	it("keeps an item's id when it moves, changes status or gets a neighbour", () => {
		const before = withStableIds([pending("a"), pending("b"), pending("c")], [])
		const after = withStableIds(
			[{ content: "c", status: "completed" }, pending("new"), pending("a"), pending("b")],
			before,
		)
		expect(after.map((t) => `${t.id}:${t.content}`)).toEqual([
			"todo-3:c",
			"todo-4:new",
			"todo-1:a",
			"todo-2:b",
		])
	})

	it("keeps the id of a step reworded in place, and never gives a removed step's id to a new one elsewhere", () => {
		const before = withStableIds([pending("a"), pending("b"), pending("c")], [])
		expect(ids(withStableIds([pending("a"), pending("b, carefully"), pending("c")], before))).toEqual([
			"todo-1",
			"todo-2",
			"todo-3",
		])
		expect(ids(withStableIds([pending("a"), pending("c"), pending("d"), pending("e")], before))).toEqual([
			"todo-1",
			"todo-3",
			"todo-4",
			"todo-5",
		])
	})

	it("gives two items with the same text two ids", () => {
		const before = withStableIds([pending("test"), pending("test")], [])
		expect(ids(before)).toEqual(["todo-1", "todo-2"])
		expect(ids(withStableIds([pending("test"), pending("test"), pending("test")], before))).toEqual([
			"todo-1",
			"todo-2",
			"todo-3",
		])
	})

	it("keeps the ids a person's client sends, dropping a repeated one, and numbers past them", () => {
		const before = withStableIds([pending("a"), pending("b")], [])
		const edited = withStableIds(
			[
				pending("b renamed", "todo-2"),
				pending("a", "todo-2"),
				pending("added"),
				pending("x", "todo-9"),
			],
			before,
		)
		expect(edited.map((t) => `${t.id}:${t.content}`)).toEqual([
			"todo-2:b renamed",
			"todo-1:a",
			"todo-10:added",
			"todo-9:x",
		])
	})
})
