import type { ModesFileProblem } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { App } from "../../App"
import { showLanguage } from "../../i18n/showLanguage"
import { fromHost, loadTask } from "../../test/fixtures"
import { codeMode, modesFileProblem, modesSnapshot, reviewerMode } from "../../test/modes"
import { posted } from "../../test/setup"
import { ModesView } from "./ModesView"

const card = (name: string) => screen.getByRole("article", { name })
const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name)

function showModes(problems: ModesFileProblem[] = []) {
	loadTask([], { modes: modesSnapshot(problems) })
	render(<ModesView />)
}

describe("the Modes view", () => {
	it("is reached from the navigation", async () => {
		loadTask([], { modes: modesSnapshot() })
		render(<App />)
		fireEvent.click(screen.getByRole("button", { name: "Modes" }))
		expect(await screen.findByRole("main", { name: "Modes" })).toBeTruthy()
	})

	it("lists the modes by where they come from, and the modes files' problems", () => {
		showModes([modesFileProblem("unknown_group", { value: '"shell"' }, "customModes[1].groups[1].group")])
		expect(
			screen.getByText(
				'.cairn/modes.yaml: customModes[1].groups[1].group: unknown group "shell"; expected one of read, edit, command, mcp, browser, modes',
			),
		).toBeTruthy()
		const workspace = screen.getByRole("region", { name: "This workspace (.cairn/modes.yaml)" })
		expect(within(workspace).getByRole("article", { name: "Reviewer" })).toBeTruthy()
		expect(within(card("Reviewer")).getByText("Tools: read, edit (only Markdown files)")).toBeTruthy()
		const builtIn = screen.getByRole("region", { name: "Built in" })
		expect(
			within(builtIn)
				.getAllByRole("article")
				.map((a) => a.getAttribute("aria-label")),
		).toEqual(["Code", "Ask"])
		expect(within(card("Code")).queryByRole("button", { name: "Delete Code" })).toBeNull()
	})

	it("says which modes come from Roo's .roomodes (no Delete: that file is Roo's) and what Cairn's own mode hides", () => {
		loadTask([], {
			modes: {
				modes: [
					codeMode,
					{ ...reviewerMode, shadows: [".roomodes"] },
					{ ...reviewerMode, slug: "docs", name: "Docs", fromFile: ".roomodes" },
				],
				problems: [],
			},
		})
		render(<ModesView />)
		expect(within(card("Reviewer")).getByText("hides the mode in .roomodes")).toBeTruthy()
		expect(within(card("Reviewer")).getByRole("button", { name: "Delete Reviewer" })).toBeTruthy()
		expect(within(card("Docs")).getByText("from .roomodes")).toBeTruthy()
		expect(within(card("Docs")).queryByRole("button", { name: "Delete Docs" })).toBeNull()
	})

	it("creates a mode of the person's own from the form, checking it first", () => {
		showModes()
		fireEvent.click(screen.getByRole("button", { name: "New mode" }))
		fireEvent.change(field("Slug"), { target: { value: "Docs Writer" } })
		fireEvent.click(screen.getByRole("button", { name: "Save" }))
		const problems = screen.getByRole("alert", { name: "Problems" })
		expect(problems.textContent).toContain("slug: a slug is lowercase letters")
		expect(problems.textContent).toContain("name: is empty")
		expect(posted).toEqual([])

		fireEvent.change(field("Slug"), { target: { value: "docs-writer" } })
		fireEvent.change(field("Name"), { target: { value: "Docs Writer" } })
		fireEvent.change(field("Role"), { target: { value: "You write documentation." } })
		fireEvent.change(field("When to use"), { target: { value: "Writing docs." } })
		fireEvent.click(screen.getByRole("checkbox", { name: "edit" }))
		fireEvent.change(field("Edit only files matching (regular expression, optional)"), {
			target: { value: "\\.md$" },
		})
		fireEvent.change(field("Those files are (e.g. Markdown files)"), {
			target: { value: "Markdown files" },
		})
		fireEvent.click(screen.getByRole("button", { name: "Save" }))
		expect(posted).toEqual([
			{
				type: "saveCustomMode",
				source: "global",
				mode: {
					slug: "docs-writer",
					name: "Docs Writer",
					roleDefinition: "You write documentation.",
					whenToUse: "Writing docs.",
					groups: [
						{ group: "read" },
						{
							group: "edit",
							restriction: { fileRegex: "\\.md$", description: "Markdown files" },
						},
					],
				},
			},
		])
	})

	it("refuses a file pattern that could take exponential time before sending it", () => {
		showModes()
		fireEvent.click(within(card("Reviewer")).getByRole("button", { name: "Edit Reviewer" }))
		fireEvent.change(field("Edit only files matching (regular expression, optional)"), {
			target: { value: "(a+)+" },
		})
		fireEvent.click(screen.getByRole("button", { name: "Save" }))
		expect(screen.getByRole("alert", { name: "Problems" }).textContent).toContain(
			"File pattern: cannot be used: repeats a group",
		)
		expect(posted).toEqual([])
	})

	it("the form says what is wrong in German, from the kind of each problem", async () => {
		await showLanguage("de")
		showModes()
		fireEvent.click(screen.getByRole("button", { name: "Neuer Modus" }))
		fireEvent.change(screen.getByLabelText("Slug"), { target: { value: "Docs Writer" } })
		fireEvent.click(screen.getByRole("button", { name: "Speichern" }))
		const problems = screen.getByRole("alert").textContent ?? ""
		expect(problems).toContain("ein Slug besteht aus Kleinbuchstaben")
		expect(problems).toContain("ist leer")
		expect(problems).not.toMatch(/a slug is|is empty/)
	})

	it("edits a workspace mode in its own file, renamed in place", () => {
		showModes()
		fireEvent.click(within(card("Reviewer")).getByRole("button", { name: "Edit Reviewer" }))
		fireEvent.change(field("Slug"), { target: { value: "critic" } })
		fireEvent.click(screen.getByRole("button", { name: "Save" }))
		expect(posted).toEqual([
			expect.objectContaining({
				type: "saveCustomMode",
				source: "project",
				previousSlug: "reviewer",
				mode: expect.objectContaining({ slug: "critic", customInstructions: "Quote the line." }),
			}),
		])
	})

	it("exports, deletes after confirming, switches to, and imports modes", () => {
		showModes()
		fireEvent.click(within(card("Code")).getByRole("button", { name: "Export Code" }))
		fireEvent.click(within(card("Reviewer")).getByRole("button", { name: "Delete Reviewer" }))
		expect(posted).toEqual([{ type: "exportMode", slug: "code" }])
		fireEvent.click(within(card("Reviewer")).getByRole("button", { name: "Delete" }))
		fireEvent.click(within(card("Ask")).getByRole("button", { name: "Use Ask" }))
		fireEvent.click(screen.getByRole("button", { name: "Import modes" }))
		fireEvent.change(screen.getByLabelText(/A modes file/), { target: { value: "customModes: []" } })
		fireEvent.change(screen.getByLabelText("Add to"), { target: { value: "project" } })
		fireEvent.click(screen.getByRole("button", { name: "Import" }))
		expect(posted.slice(1)).toEqual([
			{ type: "deleteCustomMode", source: "project", slug: "reviewer" },
			{ type: "mode", mode: "ask" },
			{ type: "importModes", source: "project", text: "customModes: []" },
		])
		fromHost({
			type: "modes",
			...modesSnapshot([modesFileProblem("empty", {}, "customModes[0].name")]),
		})
		expect(screen.getByText(".cairn/modes.yaml: customModes[0].name: is empty")).toBeTruthy()
	})

	it("words the modes files' problems in German, from their kinds", async () => {
		await showLanguage("de")
		showModes([
			modesFileProblem("reserved_slug", { slug: "code" }, "customModes[1].slug"),
			modesFileProblem("unknown_field", { names: ["roleDefiniton"] }, "customModes[2]"),
			modesFileProblem("too_many_modes", { max: 100 }, "customModes"),
			modesFileProblem("not_yaml", { said: "Unexpected flow-seq-end" }),
		])
		const problems = screen.getByRole("region", { name: "4 Probleme in den Modusdateien" })
		expect(
			within(problems)
				.getAllByRole("listitem")
				.map((item) => item.textContent),
		).toEqual([
			".cairn/modes.yaml: customModes[1].slug: „code“ ist ein eingebauter Modus, den ein Arbeitsbereich nicht ersetzen darf; gib dem Modus einen anderen Slug oder lege Regeln für code in .cairn/rules-code/ ab",
			'.cairn/modes.yaml: customModes[2]: unbekanntes Feld "roleDefiniton"',
			".cairn/modes.yaml: customModes: mehr als 100 Modi; der Rest wird ignoriert",
			".cairn/modes.yaml: kein gültiges YAML: Unexpected flow-seq-end",
		])
	})

	it("speaks Japanese: sections, the tool list, a problem count, and the form's field names", async () => {
		await showLanguage("ja")
		showModes([modesFileProblem("not_mapping"), modesFileProblem("required", {}, "customModes[0].name")])
		expect(screen.getByRole("region", { name: "モード ファイルに 2 件の問題があります" })).toBeTruthy()
		expect(screen.getByRole("region", { name: "組み込み" })).toBeTruthy()
		expect(within(card("Reviewer")).getByText("ツール: read、edit (Markdown files のみ)")).toBeTruthy()
		fireEvent.click(screen.getByRole("button", { name: "新しいモード" }))
		fireEvent.click(screen.getByRole("button", { name: "保存" }))
		expect(screen.getByRole("alert", { name: "問題" }).textContent).toContain("slug: ")
		expect(field("名前")).toBeTruthy()
	})
})
