import type { CommandFileProblem, SlashCommandsSnapshot } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
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
	problems: [problem(".cairn/commands/Bad.md", "name_invalid", { max: 64 })],
}

/** A command file's problem as the host sends it; `text` is its English for the CLI, which the menu does not show. */
function problem(
	file: string,
	kind: CommandFileProblem["kind"],
	params: CommandFileProblem["params"] = {},
): CommandFileProblem {
	return { file, kind, params, text: `${file}: (English for the CLI)` }
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
			screen.getByText(
				"Left out: .cairn/commands/Bad.md: a command name is 1 to 64 lowercase letters, digits, '-' and '_', starting with a letter or digit; rename the file",
			),
		).toBeTruthy()
		// The box keeps the focus and points at the highlighted command.
		expect(box().getAttribute("aria-controls")).toBe(menu()?.id)
		expect(box().getAttribute("aria-activedescendant")).toBe(selected().id)
	})

	it("says which other tools' command files a command hides", () => {
		loadTask([], { modes: modesSnapshot() })
		fromHost({
			type: "slashCommands",
			commands: [
				{
					name: "review",
					description: "Review a file for bugs",
					source: "project",
					file: ".cairn/commands/review.md",
					shadows: [".roo/commands/review.md", ".claude/commands/review.md"],
				},
				{
					name: "release-notes",
					description: "",
					source: "project",
					file: ".clinerules/workflows/release-notes.md",
				},
			],
			problems: [],
		})
		render(<ChatTextArea />)
		type("/")
		expect(options()).toEqual([
			"/reviewReview a file for bugsprojecthides .roo/commands/review.md, .claude/commands/review.md",
			"/release-notesproject",
		])
	})

	it("shows a Claude command's subfolder beside its source, as Claude Code does (project:frontend), and finds it by that folder", () => {
		loadTask([], { modes: modesSnapshot() })
		fromHost({
			type: "slashCommands",
			commands: [
				{
					name: "component",
					description: "Scaffold a React component",
					source: "project",
					file: ".claude/commands/frontend/component.md",
					namespace: "frontend",
				},
			],
			problems: [],
		})
		render(<ChatTextArea />)
		type("/comp")
		expect(options()).toEqual(["/componentScaffold a React componentproject:frontend"])
		// Typed as the folder, as Claude Code users know it.
		type("/frontend")
		expect(options()).toEqual(["/componentScaffold a React componentproject:frontend"])
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

	it("words the command files' problems in German, from their kinds", async () => {
		await showLanguage("de")
		loadTask([], { modes: modesSnapshot() })
		fromHost({
			type: "slashCommands",
			commands: commands.commands,
			problems: [
				problem(".cairn/commands/new.md", "built_in_name", { name: "new" }),
				problem(".cairn/commands/typo.md", "unknown_field", { names: ["descripton"] }),
				problem(".cairn/commands/long.md", "too_long", { field: "argument-hint", max: 200 }),
				problem(".cairn/commands/yaml.md", "front_matter_not_yaml", {
					said: "Unexpected flow-seq-end",
				}),
				problem(".cairn/commands", "too_many_files", { max: 200 }),
				problem(".cairn/commands/empty.md", "no_prompt"),
			],
		})
		render(<ChatTextArea />)
		fireEvent.change(screen.getByRole("textbox", { name: "Nachricht an Cairn" }), {
			target: { value: "/" },
		})
		expect(screen.getAllByText(/^Ausgelassen: /).map((line) => line.textContent)).toEqual([
			"Ausgelassen: .cairn/commands/new.md: /new ist ein eingebauter Befehl, den eine Befehlsdatei nicht ersetzen darf; benenne die Datei um",
			'Ausgelassen: .cairn/commands/typo.md: unbekanntes Feld "descripton" im Front Matter (es enthält description und argument-hint)',
			"Ausgelassen: .cairn/commands/long.md: argument-hint ist länger als 200 Zeichen",
			"Ausgelassen: .cairn/commands/yaml.md: das Front Matter ist kein gültiges YAML: Unexpected flow-seq-end",
			"Ausgelassen: .cairn/commands: mehr als 200 Befehlsdateien; der Rest wird ignoriert",
			"Ausgelassen: .cairn/commands/empty.md: die Datei hat keinen Prompt (den Text nach dem Front Matter)",
		])
	})
})
