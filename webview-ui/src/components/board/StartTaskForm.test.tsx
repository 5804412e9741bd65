import { defaultSettings } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useWebviewStore } from "../../state/store"
import { card, doneInWorktree, showBoard } from "../../test/boardFixtures"
import { fromHost } from "../../test/fixtures"
import { modesSnapshot } from "../../test/modes"
import { posted } from "../../test/setup"
import { BoardView } from "./BoardView"

const profile = (id: string, name: string, modelId: string) => ({
	id,
	name,
	provider: { provider: "anthropic" as const, modelId },
})

function openForm() {
	useWebviewStore.setState({
		mode: "code",
		modes: modesSnapshot(),
		settings: {
			...defaultSettings(),
			profiles: [
				profile("p1", "Claude", "claude-test"),
				profile("p2", "Opus", "opus-test"),
				profile("p3", "Haiku", "haiku-test"),
			],
		},
	})
	render(<BoardView />)
	showBoard([
		doneInWorktree("first", { title: "Add the API" }),
		card("gone", { title: "Gone", state: "discarded" }),
	])
	fireEvent.click(screen.getByRole("button", { name: "New task" }))
	posted.length = 0
	return screen.getByRole("form", { name: "Start a task" })
}

const type = (form: HTMLElement, name: string, value: string) =>
	fireEvent.change(within(form).getByRole("textbox", { name }), { target: { value } })

describe("starting a task from the board", () => {
	it("in place, in the chosen mode", () => {
		const form = openForm()
		type(form, "Task", "  Tidy the README  ")
		fireEvent.click(within(form).getByRole("radio", { name: /In place/ }))
		fireEvent.change(within(form).getByRole("combobox", { name: "Mode" }), { target: { value: "ask" } })
		fireEvent.click(within(form).getByRole("button", { name: "Start" }))
		expect(posted).toEqual([
			{ type: "startBoardTask", text: "Tidy the README", place: { kind: "inPlace" }, mode: "ask" },
		])
		expect(screen.queryByRole("form")).toBeNull()
	})

	it("in a new worktree from a base, with a name; a name git would not take is refused before sending", () => {
		const form = openForm()
		type(form, "Task", "Add caching")
		fireEvent.click(within(form).getByRole("radio", { name: "In a new worktree" }))
		type(form, "Worktree name", "bad name")
		expect(within(form).getByRole("alert").textContent).toContain("A worktree name is")
		expect(within(form).getByRole("button", { name: "Start" })).toHaveProperty("disabled", true)
		type(form, "Worktree name", "caching")
		type(form, "Base branch or commit", "release/1.2")
		fireEvent.click(within(form).getByRole("button", { name: "Start" }))
		expect(posted).toEqual([
			{
				type: "startBoardTask",
				text: "Add caching",
				place: { kind: "worktree", base: "release/1.2", name: "caching" },
				mode: "code",
			},
		])
	})

	it("as best of N: 2 to 4 profiles, each in its own worktree", () => {
		const form = openForm()
		type(form, "Task", "Speed up the parser")
		fireEvent.click(within(form).getByRole("radio", { name: /In place/ }))
		fireEvent.click(
			within(form).getByRole("checkbox", { name: "Best of N: send it to several profiles" }),
		)
		// Best of N runs each in a worktree: in place is not offered.
		expect(within(form).getByRole("radio", { name: /In place/ })).toHaveProperty("disabled", true)
		fireEvent.click(within(form).getByRole("checkbox", { name: "Claude · claude-test" }))
		expect(within(form).getByRole("button", { name: "Start 1 task" })).toHaveProperty("disabled", true)
		fireEvent.click(within(form).getByRole("checkbox", { name: "Haiku · haiku-test" }))
		fireEvent.click(within(form).getByRole("button", { name: "Start 2 tasks" }))
		expect(posted).toEqual([
			{
				type: "startBoardTask",
				text: "Speed up the parser",
				place: { kind: "worktree" },
				mode: "code",
				profileIds: ["p1", "p3"],
			},
		])
	})

	it("after another card lands, offering only cards that can still finish", () => {
		const form = openForm()
		type(form, "Task", "Document the API")
		const after = within(form).getByRole("combobox", { name: "Start after" })
		expect(
			within(after)
				.getAllByRole("option")
				.map((o) => o.textContent),
		).toEqual(["nothing (start now)", "Add the API"])
		fireEvent.change(after, { target: { value: "first" } })
		fireEvent.change(within(form).getByRole("combobox", { name: "Once it is" }), {
			target: { value: "landed" },
		})
		fireEvent.click(within(form).getByRole("button", { name: "Start" }))
		expect(posted).toEqual([
			{
				type: "startBoardTask",
				text: "Document the API",
				place: { kind: "worktree" },
				mode: "code",
				after: { taskId: "first", until: "landed" },
			},
		])
	})

	it("starts with Ctrl+Enter in the task box, where Enter alone is a new line", () => {
		const form = openForm()
		const box = within(form).getByRole("textbox", { name: "Task" })
		expect(document.activeElement).toBe(box)
		type(form, "Task", "Tidy the README")
		fireEvent.keyDown(box, { key: "Enter" })
		expect(posted).toEqual([])
		fireEvent.keyDown(box, { key: "Enter", ctrlKey: true })
		expect(posted).toEqual([
			{ type: "startBoardTask", text: "Tidy the README", place: { kind: "worktree" }, mode: "code" },
		])
	})

	it("sends nothing without a task", () => {
		const form = openForm()
		expect(within(form).getByRole("button", { name: "Start" })).toHaveProperty("disabled", true)
		fireEvent.submit(form)
		expect(posted).toEqual([])
	})

	it("where worktrees cannot be made, runs the task in place, says why and offers git init", () => {
		const form = openForm()
		const notARepository = "Tasks cannot get a worktree of their own here (not a git repository)."
		fromHost({
			type: "taskBoard",
			cards: [],
			running: 0,
			limit: 4,
			worktreesUnavailable: { reason: notARepository, notARepository: true },
		})
		expect(within(form).getByText(notARepository)).toBeTruthy()
		expect(
			(within(form).getByRole("radio", { name: "In a new worktree" }) as HTMLInputElement).disabled,
		).toBe(true)
		expect((within(form).getByRole("checkbox", { name: /Best of N/ }) as HTMLInputElement).disabled).toBe(
			true,
		)
		type(form, "Task", "Tidy up")
		fireEvent.click(within(form).getByRole("button", { name: "Start" }))
		expect(posted).toEqual([
			expect.objectContaining({ type: "startBoardTask", text: "Tidy up", place: { kind: "inPlace" } }),
		])
	})

	it("offers git init only where the folder is in no repository", () => {
		const form = openForm()
		fromHost({
			type: "taskBoard",
			cards: [],
			running: 0,
			limit: 4,
			worktreesUnavailable: { reason: "not a git repository", notARepository: true },
		})
		fireEvent.click(
			within(form).getByRole("button", { name: "Make this folder a git repository (git init)" }),
		)
		expect(posted).toEqual([{ type: "initRepository" }])
		fromHost({
			type: "taskBoard",
			cards: [],
			running: 0,
			limit: 4,
			worktreesUnavailable: { reason: "the repository has no commit yet", notARepository: false },
		})
		expect(within(form).getByText("the repository has no commit yet")).toBeTruthy()
		expect(within(form).queryByRole("button", { name: /git init/ })).toBeNull()
	})
})
