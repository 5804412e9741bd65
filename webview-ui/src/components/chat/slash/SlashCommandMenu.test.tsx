import type { SlashCommandsSnapshot } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromHost, loadTask } from "../../../test/fixtures"
import { modesSnapshot } from "../../../test/modes"
import { posted } from "../../../test/setup"
import { ChatTextArea } from "../ChatTextArea"

const commands: SlashCommandsSnapshot = {
	commands: [
		{
			name: "new",
			description: "Start a new task; the text after it is the task",
			argumentHint: "[task]",
			source: "builtin",
		},
		{
			name: "mode",
			description: "Switch the mode (code, ask, reviewer); text after it is sent in the new mode",
			argumentHint: "<mode> [message]",
			source: "builtin",
		},
		{
			name: "condense",
			description: "Condense the task's context now; text after it is sent afterwards",
			source: "builtin",
		},
		{
			name: "review",
			description: "Review a file for bugs",
			argumentHint: "<file>",
			source: "project",
			file: ".cairn/commands/review.md",
		},
	],
	problems: [".cairn/commands/Bad.md: a command name is lowercase letters"],
}

const box = () => screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Message to Cairn" })
const type = (text: string) => fireEvent.change(box(), { target: { value: text } })
const key = (name: string) => fireEvent.keyDown(box(), { key: name })
const menu = () => screen.queryByRole("listbox", { name: "Slash commands" })
/** The menu's options (the mode picker's are options too). */
const inMenu = () => within(screen.getByRole("listbox", { name: "Slash commands" }))
const options = () =>
	inMenu()
		.getAllByRole("option")
		.map((option) => option.textContent)
const names = () => options().map((text) => /^\/[a-z-]+/.exec(text ?? "")?.[0])
const selected = () => inMenu().getByRole("option", { selected: true })

function setUp(): void {
	loadTask([], { modes: modesSnapshot() })
	fromHost({ type: "slashCommands", ...commands })
	render(<ChatTextArea />)
}

describe("the slash command menu", () => {
	it("opens when / starts the box, asks the host for the commands, and lists them with hints and sources", () => {
		setUp()
		expect(menu()).toBeNull()
		type("/")
		expect(posted).toEqual([{ type: "requestSlashCommands" }])
		expect(options()).toEqual([
			"/new[task]Start a new task; the text after it is the taskbuilt-in",
			"/mode<mode> [message]Switch the mode (code, ask, reviewer); text after it is sent in the new modebuilt-in",
			"/condenseCondense the task's context now; text after it is sent afterwardsbuilt-in",
			"/review<file>Review a file for bugsproject",
		])
		expect(
			screen.getByText("Left out: .cairn/commands/Bad.md: a command name is lowercase letters"),
		).toBeTruthy()
		// The box keeps the focus and points at the highlighted command.
		expect(box().getAttribute("aria-controls")).toBe(menu()?.id)
		expect(box().getAttribute("aria-activedescendant")).toBe(selected().id)
	})

	it("filters by what follows the /: names it starts first, then names and descriptions holding it", () => {
		setUp()
		type("/re")
		// /mode's description names the reviewer mode.
		expect(names()).toEqual(["/review", "/mode"])
		type("/c")
		expect(names()).toEqual(["/condense", "/mode"])
		type("/zzz")
		expect(menu()).toBeNull()
	})

	it("Down, Up and Enter pick a command: the box holds `/name ` and the hint shows its arguments; Enter then sends", () => {
		setUp()
		type("/")
		key("ArrowDown")
		key("ArrowDown")
		key("ArrowDown")
		expect(selected().textContent).toContain("/review")
		key("ArrowDown")
		expect(selected().textContent).toContain("/new")
		key("ArrowUp")
		expect(selected().textContent).toContain("/review")
		key("Enter")
		expect(box().value).toBe("/review ")
		expect(menu()).toBeNull()
		expect(screen.getByText("/review <file>: Review a file for bugs").getAttribute("role")).toBe("status")
		expect(posted).toEqual([{ type: "requestSlashCommands" }])
		type("/review src/app.ts")
		key("Enter")
		expect(posted.at(-1)).toEqual({ type: "newTask", text: "/review src/app.ts" })
	})

	it("Tab picks too, and a click on a command picks it", () => {
		setUp()
		type("/con")
		key("Tab")
		expect(box().value).toBe("/condense ")
		type("/")
		fireEvent.click(inMenu().getByRole("option", { name: /\/mode/ }))
		expect(box().value).toBe("/mode ")
	})

	it("Escape closes the menu until the text changes; Enter then sends what is typed", () => {
		setUp()
		type("/rev")
		key("Escape")
		expect(menu()).toBeNull()
		type("/revi")
		expect(menu()).not.toBeNull()
		key("Escape")
		key("Enter")
		expect(posted.at(-1)).toEqual({ type: "newTask", text: "/revi" })
	})

	it("stays closed for a path or a / later in the text", () => {
		setUp()
		for (const text of ["/usr/bin", "see /review", " /review"]) {
			type(text)
			expect(menu(), text).toBeNull()
		}
	})
})
