import { taskCardStates, type TaskCard } from "@cairn/types"
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { useWebviewStore } from "../../state/store"
import { card, doneInWorktree, showBoard, updateCard, waitingOn } from "../../test/boardFixtures"
import { App } from "../../App"
import { ask, fromHost, loadTask } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { BoardView } from "./BoardView"

const cardNamed = (title: string) => screen.getByRole("article", { name: title })
const shownCards = () => screen.queryAllByRole("article").map((a) => a.getAttribute("aria-label"))

function renderBoard(cards: TaskCard[]) {
	render(<BoardView />)
	showBoard(cards)
}

describe("BoardView", () => {
	it("is reached from the navigation, loaded when first opened", async () => {
		loadTask([])
		render(<App />)
		fireEvent.click(screen.getByRole("button", { name: "Tasks" }))
		expect(await screen.findByRole("main", { name: "Tasks" })).toBeTruthy()
		// The lazily loaded view can be on screen before React has run its effects.
		await waitFor(() => expect(posted).toContainEqual({ type: "requestTaskBoard" }))
	})

	it("asks the host for every card when it opens, and shows them newest first", () => {
		render(<BoardView />)
		expect(posted).toEqual([{ type: "requestTaskBoard" }])
		showBoard([card("b", { title: "Newer" }), card("a", { title: "Older" })])
		expect(shownCards()).toEqual(["Newer", "Older"])
	})

	it("shows each of the nine states in its own words, icon and colour", () => {
		renderBoard(taskCardStates.map((state) => card(state, { title: `A ${state} task`, state })))
		const icons = new Set<string>()
		for (const state of taskCardStates) {
			const article = cardNamed(`A ${state} task`)
			expect(article.className).toContain(`task-card-${state}`)
			const badge = article.querySelector(".card-state")
			expect(badge?.className).toContain(`card-state-${state}`)
			icons.add(badge?.querySelector(".codicon")?.className ?? "")
		}
		expect(icons.size).toBe(taskCardStates.length)
		expect(within(cardNamed("A waiting task")).getByText("Waiting for you")).toBeTruthy()
		expect(within(cardNamed("A blocked task")).getByText("Waiting for another task")).toBeTruthy()
		expect(within(cardNamed("A landed task")).getByText("Landed")).toBeTruthy()
	})

	it("shows what the task is, what it runs on, what it cost, how long it took and what it changed", () => {
		renderBoard([doneInWorktree("t1", { title: "Fix the login test", mode: "debug" })])
		const article = cardNamed("Fix the login test")
		expect(article.textContent).toContain("debug")
		expect(article.textContent).toContain("Claude · claude-test")
		expect(article.textContent).toContain("$0.12")
		expect(within(article).getByLabelText("Elapsed time 1:05")).toBeTruthy()
		expect(within(article).getByLabelText("3 files changed, 42 lines added, 7 removed").textContent).toBe(
			"3 files +42 -7",
		)
		expect(article.textContent).toContain("cairn/t1")
	})

	it("says when a worktree's setup was refused, invalid or failed, with the exit code", () => {
		const setups = [
			{ outcome: "notAllowed" },
			{ outcome: "invalid" },
			{ outcome: "failed", exitCode: 3 },
			{ outcome: "failed" },
		] as const
		const cards = setups.map((setup, i) =>
			doneInWorktree(`t${i}`, {
				title: `Task ${i}`,
				worktree: {
					name: `t${i}`,
					branch: `cairn/t${i}`,
					base: "main",
					path: `/w/t${i}`,
					index: i,
					setup,
				},
			}),
		)
		renderBoard([...cards, doneInWorktree("fine", { title: "Set up fine" })])
		const note = (title: string) => within(cardNamed(title)).queryByRole("note")?.textContent?.trim()
		expect(note("Task 0")).toBe("Setup refused: .cairn/worktree.json did not run")
		expect(note("Task 1")).toBe("Setup not used: .cairn/worktree.json is invalid")
		expect(note("Task 2")).toBe("Setup failed: exit code 3")
		expect(note("Task 3")).toBe("Setup failed")
		expect(note("Set up fine")).toBeUndefined()
	})

	it("names the card a linked card waits for, and whether until it is done or landed", () => {
		renderBoard([
			card("second", {
				title: "Write the docs",
				state: "blocked",
				after: { taskId: "first", until: "landed" },
			}),
			card("first", { title: "Add the feature" }),
		])
		expect(cardNamed("Write the docs").textContent).toContain(
			"Starts when this task is landed: Add the feature",
		)
	})

	describe("elapsed time", () => {
		beforeEach(() => {
			vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] })
			vi.setSystemTime(1_760_000_000_000 + 5_000)
		})
		afterEach(() => vi.useRealTimers())

		it("ticks while the task runs, on one timer for every card, and stops when it ends", () => {
			renderBoard([card("a", { title: "One" }), card("b", { title: "Two" })])
			expect(within(cardNamed("One")).getByLabelText("Elapsed time 0:05")).toBeTruthy()
			expect(vi.getTimerCount()).toBe(1)
			act(() => vi.advanceTimersByTime(2_000))
			expect(within(cardNamed("One")).getByLabelText("Elapsed time 0:07")).toBeTruthy()
			expect(within(cardNamed("Two")).getByLabelText("Elapsed time 0:07")).toBeTruthy()
			updateCard(card("a", { title: "One", state: "done", endedAt: 1_760_000_000_000 + 7_000 }))
			updateCard(card("b", { title: "Two", state: "done", endedAt: 1_760_000_000_000 + 7_000 }))
			expect(vi.getTimerCount()).toBe(0)
		})
	})

	describe("the ask a card waits on", () => {
		it("shows an approval as the chat heads it, and Approve answers that ask of that task by its ts", () => {
			const edit = ask(
				"tool",
				JSON.stringify({ tool: "editedExistingFile", path: "src/login.ts", diff: "" }),
			)
			renderBoard([waitingOn("t1", edit, { title: "Fix login" })])
			const article = cardNamed("Fix login")
			const question = within(article).getByRole("region", { name: "What it waits for" })
			expect(question.textContent).toContain("src/login.ts")
			posted.length = 0
			fireEvent.click(within(article).getByRole("button", { name: "Approve" }))
			expect(posted).toEqual([
				{ type: "answerCard", taskId: "t1", ts: edit.ts, askResponse: "yesButtonClicked" },
			])
			fireEvent.click(within(article).getByRole("button", { name: "Reject" }))
			expect(posted[1]).toEqual({
				type: "answerCard",
				taskId: "t1",
				ts: edit.ts,
				askResponse: "noButtonClicked",
			})
		})

		it("offers to show a proposed file change in the editor (a task off screen keeps it out of the editor until asked)", () => {
			const edit = ask(
				"tool",
				JSON.stringify({ tool: "newFileCreated", path: "NOTES.md", content: "x" }),
			)
			renderBoard([waitingOn("t1", edit, { title: "Write notes" })])
			posted.length = 0
			fireEvent.click(within(cardNamed("Write notes")).getByRole("button", { name: "Show the change" }))
			expect(posted).toEqual([{ type: "showCardEdit", taskId: "t1" }])
		})

		it("offers no change to show for a command, nor for a task of another window", () => {
			const command = ask("command", JSON.stringify({ command: "npm test" }))
			const edit = ask("tool", JSON.stringify({ tool: "editedExistingFile", path: "a.ts", diff: "" }))
			renderBoard([
				waitingOn("t1", command, { title: "Run tests" }),
				waitingOn("t2", edit, { title: "Elsewhere", elsewhere: true }),
			])
			expect(
				within(cardNamed("Run tests")).queryByRole("button", { name: "Show the change" }),
			).toBeNull()
			expect(
				within(cardNamed("Elsewhere")).queryByRole("button", { name: "Show the change" }),
			).toBeNull()
		})

		it("shows a command with Run and Reject", () => {
			const command = ask("command", JSON.stringify({ command: "npm test" }))
			renderBoard([waitingOn("t1", command, { title: "Run tests" })])
			const article = cardNamed("Run tests")
			expect(article.textContent).toContain("Cairn wants to run this command")
			expect(article.textContent).toContain("npm test")
			fireEvent.click(within(article).getByRole("button", { name: "Run" }))
			expect(posted).toContainEqual({
				type: "answerCard",
				taskId: "t1",
				ts: command.ts,
				askResponse: "yesButtonClicked",
			})
		})

		it("answers a question with the typed answer or a suggested one, never with nothing", () => {
			const question = ask(
				"followup",
				JSON.stringify({ question: "Which database?", suggest: [{ answer: "Postgres" }] }),
			)
			renderBoard([waitingOn("t1", question, { title: "Set up storage" })])
			const article = cardNamed("Set up storage")
			expect(article.textContent).toContain("Which database?")
			const answer = within(article).getByRole("button", { name: "Answer" })
			expect(answer).toHaveProperty("disabled", true)
			fireEvent.change(within(article).getByRole("textbox", { name: "Your answer" }), {
				target: { value: " SQLite " },
			})
			fireEvent.click(answer)
			fireEvent.click(within(article).getByRole("button", { name: "Postgres" }))
			expect(posted.slice(-2)).toEqual([
				{
					type: "answerCard",
					taskId: "t1",
					ts: question.ts,
					askResponse: "messageResponse",
					text: "SQLite",
				},
				{
					type: "answerCard",
					taskId: "t1",
					ts: question.ts,
					askResponse: "messageResponse",
					text: "Postgres",
				},
			])
		})

		it("offers no button that would leave the task for a new one: a failed request offers Retry", () => {
			const failed = ask("api_req_failed", "429 Too Many Requests")
			renderBoard([waitingOn("t1", failed, { title: "Refactor" })])
			const article = cardNamed("Refactor")
			expect(article.textContent).toContain("API request failed")
			expect(within(article).getByRole("button", { name: "Retry" })).toBeTruthy()
			expect(within(article).queryByRole("button", { name: "New Task" })).toBeNull()
		})

		it("cannot be answered here when the task runs in another window", () => {
			const edit = ask("tool", JSON.stringify({ tool: "readFile", path: "a.ts" }))
			renderBoard([waitingOn("t1", edit, { title: "Elsewhere", elsewhere: true })])
			const article = cardNamed("Elsewhere")
			expect(within(article).getByRole("button", { name: "Approve" })).toHaveProperty("disabled", true)
			expect(article.textContent).toContain("answer it there")
		})
	})

	it("opens a card's chat: the host shows that task and the view switches to the chat", () => {
		useWebviewStore.setState({ view: "board" })
		renderBoard([card("t1", { title: "Fix login" })])
		fireEvent.click(within(cardNamed("Fix login")).getByRole("button", { name: "Open its chat" }))
		expect(posted).toContainEqual({ type: "showTaskWithId", taskId: "t1" })
		expect(useWebviewStore.getState().view).toBe("chat")
	})

	it("offers cancel while it works, resume when interrupted, and review, checks, land and discard once it stopped", () => {
		renderBoard([
			card("running", { title: "Running" }),
			doneInWorktree("stopped", { title: "Stopped", state: "interrupted" }),
		])
		const running = within(cardNamed("Running"))
		expect(running.getByRole("button", { name: "Cancel" })).toBeTruthy()
		expect(running.queryByRole("button", { name: "Discard" })).toBeNull()
		fireEvent.click(running.getByRole("button", { name: "Cancel" }))
		const stopped = within(cardNamed("Stopped"))
		fireEvent.click(stopped.getByRole("button", { name: "Resume" }))
		fireEvent.click(stopped.getByRole("button", { name: "Review the changes" }))
		fireEvent.click(stopped.getByRole("button", { name: "Run checks" }))
		fireEvent.click(stopped.getByRole("button", { name: "Land" }))
		fireEvent.click(stopped.getByRole("button", { name: "Merge into the current branch" }))
		fireEvent.click(stopped.getByRole("button", { name: "Apply as uncommitted changes" }))
		fireEvent.click(stopped.getByRole("button", { name: "Push and open a pull request" }))
		expect(posted.slice(1)).toEqual([
			{ type: "cancelCard", taskId: "running" },
			{ type: "resumeCard", taskId: "stopped" },
			{ type: "reviewCard", taskId: "stopped" },
			{ type: "runCardChecks", taskId: "stopped" },
			{ type: "landCard", taskId: "stopped", how: "merge" },
			{ type: "landCard", taskId: "stopped", how: "apply" },
			{ type: "landCard", taskId: "stopped", how: "pullRequest" },
		])
	})

	it("shows the checks' result and a landing's conflicts and pull request", () => {
		renderBoard([
			doneInWorktree("t1", {
				title: "Landed with conflicts",
				state: "landed",
				checks: { state: "failed", command: "npm test", tail: "1 failing", durationMs: 3_000 },
				landing: {
					how: "pullRequest",
					conflicts: ["src/a.ts", "src/b.ts"],
					url: "https://example.com/owner/repo/pull/7",
				},
			}),
		])
		const article = within(cardNamed("Landed with conflicts"))
		const checks = article.getByRole("region", { name: "Checks" })
		expect(checks.textContent).toContain("Checks failed")
		expect(checks.textContent).toContain("npm test")
		expect(checks.textContent).toContain("1 failing")
		const landing = article.getByRole("region", { name: "Landing" })
		expect(landing.textContent).toContain("2 files have conflicts left for you to resolve")
		expect(landing.textContent).toContain("src/a.ts")
		expect(landing.textContent).toContain("src/b.ts")
		expect(within(landing).getByRole("link").getAttribute("href")).toBe(
			"https://example.com/owner/repo/pull/7",
		)
	})

	it("lists the files of a card's diff when the host sends it, until closed", () => {
		renderBoard([doneInWorktree("t1", { title: "Fix login" })])
		fromHost({
			type: "cardDiff",
			taskId: "t1",
			base: "main",
			files: [
				{ path: "src/login.ts", change: "modified", added: 4, removed: 1, binary: false },
				{ path: "logo.png", change: "added", added: 0, removed: 0, binary: true },
			],
			patch: "",
		})
		const diff = within(cardNamed("Fix login")).getByRole("region", { name: "Changes against main" })
		expect(
			within(diff)
				.getAllByRole("listitem")
				.map((li) => li.textContent),
		).toEqual(["modified src/login.ts +4 -1", "added logo.png binary"])
		fireEvent.click(within(diff).getByRole("button", { name: "Close the changes" }))
		expect(screen.queryByRole("region", { name: "Changes against main" })).toBeNull()
	})

	it("makes no link of a landing URL that is not a web page", () => {
		renderBoard([
			doneInWorktree("t1", { title: "T", landing: { how: "pullRequest", url: "javascript:alert(1)" } }),
		])
		expect(within(cardNamed("T")).queryByRole("link")).toBeNull()
	})

	describe("discarding", () => {
		it("asks the host first; when work would be lost, names every item and sends exactly that list once confirmed", () => {
			renderBoard([doneInWorktree("t1", { title: "Try an idea" })])
			fireEvent.click(within(cardNamed("Try an idea")).getByRole("button", { name: "Discard" }))
			expect(posted.at(-1)).toEqual({ type: "discardCard", taskId: "t1" })
			const loss = ["src/idea.ts (uncommitted)", "commit 1a2b3c4 Try an idea"]
			fromHost({ type: "discardNeedsConfirmation", taskId: "t1", loss })
			const dialog = screen.getByRole("alertdialog", { name: "Discard this task's work?" })
			expect(
				within(dialog)
					.getAllByRole("listitem")
					.map((li) => li.textContent),
			).toEqual(loss)
			expect(dialog.textContent).toContain("loses these 2 items")
			fireEvent.click(within(dialog).getByRole("button", { name: "Discard and lose them" }))
			expect(posted.at(-1)).toEqual({ type: "discardCard", taskId: "t1", confirmedLoss: loss })
			expect(screen.queryByRole("alertdialog")).toBeNull()
		})

		it("keeping the work sends nothing", () => {
			renderBoard([doneInWorktree("t1", { title: "Try an idea" })])
			fromHost({ type: "discardNeedsConfirmation", taskId: "t1", loss: ["src/idea.ts"] })
			const before = posted.length
			fireEvent.click(screen.getByRole("button", { name: "Keep the work" }))
			expect(posted.length).toBe(before)
			expect(screen.queryByRole("alertdialog")).toBeNull()
		})
	})

	it("filters by state, each filter saying how many cards it holds", () => {
		const question = ask("followup", JSON.stringify({ question: "?" }))
		renderBoard([
			waitingOn("w", question, { title: "Waiting" }),
			card("f", { title: "Failed", state: "failed", error: "The model is unreachable." }),
			card("r", { title: "Running" }),
			card("q", { title: "Queued", state: "queued" }),
			doneInWorktree("d", { title: "Done" }),
			doneInWorktree("l", { title: "Landed", state: "landed" }),
		])
		const filters = screen.getByRole("group", { name: "Filter by state" })
		expect(within(filters).getByRole("button", { name: "Needs me 2" })).toBeTruthy()
		fireEvent.click(within(filters).getByRole("button", { name: "Needs me 2" }))
		expect(shownCards()).toEqual(["Waiting", "Failed"])
		expect(cardNamed("Failed").textContent).toContain("The model is unreachable.")
		fireEvent.click(within(filters).getByRole("button", { name: "Running 2" }))
		expect(shownCards()).toEqual(["Running", "Queued"])
		// A card that leaves the filter's states leaves the list.
		updateCard(doneInWorktree("r", { title: "Running" }))
		expect(shownCards()).toEqual(["Queued"])
		fireEvent.click(within(filters).getByRole("button", { name: "Landed 1" }))
		expect(shownCards()).toEqual(["Landed"])
		fireEvent.click(within(filters).getByRole("button", { name: "Discarded 0" }))
		expect(screen.getByText("No task is in this state.")).toBeTruthy()
	})

	it("places a new card by its time and drops a removed one", () => {
		renderBoard([card("b", { title: "B", createdAt: 2 }), card("a", { title: "A", createdAt: 1 })])
		updateCard(card("c", { title: "C", createdAt: 3 }))
		updateCard(card("m", { title: "Between", createdAt: 2 }))
		expect(shownCards()).toEqual(["C", "Between", "B", "A"])
		fromHost({ type: "taskCardRemoved", taskId: "b" })
		expect(shownCards()).toEqual(["C", "Between", "A"])
	})

	describe("with 50 cards, 8 of them running", () => {
		const probe: { rowRenders: number; cardRenders: Record<string, number> } = {
			rowRenders: 0,
			cardRenders: {},
		}
		beforeEach(() => {
			// The counter the benchmark's harness defines (see state/renderProbe.ts).
			;(globalThis as { __cairnRenderProbe?: typeof probe }).__cairnRenderProbe = probe
			probe.cardRenders = {}
		})
		afterEach(() => {
			delete (globalThis as { __cairnRenderProbe?: typeof probe }).__cairnRenderProbe
		})

		const fifty = () =>
			Array.from({ length: 50 }, (_, i) =>
				i < 8
					? card(`t${i}`, { title: `Task ${i}`, createdAt: 1000 - i })
					: doneInWorktree(`t${i}`, { title: `Task ${i}`, createdAt: 1000 - i }),
			)

		it("re-renders only the card that changed", () => {
			renderBoard(fifty())
			expect(screen.getAllByRole("article")).toHaveLength(50)
			expect(Object.keys(probe.cardRenders)).toHaveLength(50)
			for (let step = 1; step <= 10; step++) {
				probe.cardRenders = {}
				updateCard(card("t3", { title: "Task 3", createdAt: 997, cost: step / 100 }))
				expect(probe.cardRenders).toEqual({ t3: 1 })
			}
			// A chat delta or any other part of the store renders no card.
			probe.cardRenders = {}
			act(() => useWebviewStore.setState({ composerText: "typing" }))
			expect(probe.cardRenders).toEqual({})
		})

		it("renders only the new card when one comes, and none when one goes", () => {
			renderBoard(fifty())
			probe.cardRenders = {}
			updateCard(card("new", { title: "New", createdAt: 2000 }))
			expect(probe.cardRenders).toEqual({ new: 1 })
			expect(shownCards()[0]).toBe("New")
			probe.cardRenders = {}
			fromHost({ type: "taskCardRemoved", taskId: "t20" })
			expect(probe.cardRenders).toEqual({})
			expect(screen.getAllByRole("article")).toHaveLength(50)
		})
	})
})
