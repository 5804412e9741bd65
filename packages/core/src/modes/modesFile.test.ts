import { describe, expect, it } from "vitest"
import { parseModesFile } from "./modesFile.js"

const lines = (text: string, label: string) => parseModesFile(text, label).problems.map((p) => p.text)

const docsWriter = `
  - slug: docs-writer
    name: Docs Writer
    roleDefinition: You write documentation.
    whenToUse: Writing docs.
    groups:
      - read
      - group: edit
        fileRegex: \\.md$
        description: Markdown files`

describe("parseModesFile", () => {
	it("reads a mode's groups, its edit restriction and its instructions", () => {
		const text = `customModes:${docsWriter}\n    customInstructions: Short sentences.\n`
		expect(parseModesFile(text, ".cairn/modes.yaml")).toEqual({
			modes: [
				{
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
					customInstructions: "Short sentences.",
				},
			],
			problems: [],
		})
	})

	it("names the file, the mode and the field of each problem, and still loads the valid modes", () => {
		const text = `customModes:${docsWriter}
  - slug: shell-lover
    name: Shell
    roleDefinition: r
    whenToUse: w
    groups: [read, edit, shell]
  - slug: Bad Slug
    name: ""
    roleDefiniton: typo
    whenToUse: w
    groups: [{ group: read, fileRegex: "x" }, { group: edit, fileRegex: "(a+)+" }]
`
		const { modes, problems } = parseModesFile(text, ".cairn/modes.yaml")
		expect(modes.map((mode) => mode.slug)).toEqual(["docs-writer"])
		expect(problems.map((problem) => [problem.field, problem.kind, problem.params])).toEqual([
			["customModes[1].groups[2].group", "unknown_group", { value: '"shell"' }],
			["customModes[2].slug", "slug_format", {}],
			["customModes[2].name", "empty", {}],
			["customModes[2].roleDefinition", "required", {}],
			["customModes[2].groups[0].fileRegex", "regex_only_edit", { group: "read" }],
			[
				"customModes[2].groups[1].fileRegex",
				"regex_unusable",
				{ said: expect.stringMatching(/^repeats a group/) },
			],
			["customModes[2]", "unknown_field", { names: ["roleDefiniton"] }],
		])
		expect(problems.map((problem) => problem.text)).toEqual([
			'.cairn/modes.yaml: customModes[1].groups[2].group: unknown group "shell"; expected one of read, edit, command, mcp, browser, modes',
			".cairn/modes.yaml: customModes[2].slug: a slug is lowercase letters, digits and single dashes, like docs-writer",
			".cairn/modes.yaml: customModes[2].name: is empty",
			".cairn/modes.yaml: customModes[2].roleDefinition: is required",
			".cairn/modes.yaml: customModes[2].groups[0].fileRegex: only the edit group takes a fileRegex, not read",
			'.cairn/modes.yaml: customModes[2].groups[1].fileRegex: repeats a group that itself repeats or alternates (like "(a+)+" or "(a|b)*"), which can take exponential time; simplify it',
			'.cairn/modes.yaml: customModes[2]: unknown field "roleDefiniton"',
		])
	})

	it("refuses a fileRegex with lookaround or a backreference, which the linear-time engine cannot run", () => {
		const text = `customModes:
  - slug: peeker
    name: Peeker
    roleDefinition: r
    whenToUse: w
    groups: [read, { group: edit, fileRegex: "(?!secret)\\\\.md$" }]
`
		const { modes, problems } = parseModesFile(text, ".cairn/modes.yaml")
		expect(modes).toEqual([])
		expect(problems.map((problem) => problem.text)).toEqual([
			".cairn/modes.yaml: customModes[0].groups[1].fileRegex: uses a backreference or lookaround (\\1, \\k<name>, (?=, (?!, (?<=, (?<!), which Cairn's linear-time regex engine does not run; rewrite it without them",
		])
	})

	it("refuses a slug the rules reserve and a slug defined twice", () => {
		const text = `customModes:${docsWriter}${docsWriter}
  - slug: code
    name: Code
    roleDefinition: r
    whenToUse: w
    groups: []
`
		const { modes, problems } = parseModesFile(text, "m.yaml", {
			reserved: (slug) => slug === "code",
		})
		expect(modes).toHaveLength(1)
		expect(problems.map((problem) => [problem.kind, problem.params])).toEqual([
			["duplicate_slug", { slug: "docs-writer", first: 0 }],
			["reserved_slug", { slug: "code" }],
		])
		expect(problems.map((problem) => problem.text)).toEqual([
			'm.yaml: customModes[1].slug: "docs-writer" is already defined by customModes[0]',
			'm.yaml: customModes[2].slug: "code" is a built-in mode, which a workspace may not replace; give the mode another slug, or add rules for code in .cairn/rules-code/',
		])
	})

	it("an empty file has no modes and no problems; text that is not a modes file yields none", () => {
		expect(parseModesFile("", "m.yaml")).toEqual({ modes: [], problems: [] })
		expect(lines("customModes: [\n", "m.yaml")[0]).toMatch(/^m\.yaml: not valid YAML: /)
		expect(lines("- a\n", "m.yaml")).toEqual(["m.yaml: expected a mapping with a customModes list"])
		expect(parseModesFile("customModes: 3\nmodes: []\n", "m.yaml").problems).toMatchObject([
			{ file: "m.yaml", kind: "unknown_top_field", params: { names: ["modes"] } },
			{ file: "m.yaml", field: "customModes", kind: "modes_not_list" },
		])
		expect(lines("customModes: 3\nmodes: []\n", "m.yaml")).toEqual([
			'm.yaml: unknown field "modes" (a modes file holds customModes)',
			"m.yaml: customModes: expected a list of modes",
		])
	})

	it("refuses alias bombs instead of expanding them", () => {
		const bomb = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
		for (let level = 1; level < 10; level++) {
			const previous = String.fromCharCode(96 + level)
			const next = String.fromCharCode(97 + level)
			bomb.push(`${next}: &${next} [${Array(10).fill(`*${previous}`).join(", ")}]`)
		}
		const { modes, problems } = parseModesFile(bomb.join("\n"), "m.yaml")
		expect(modes).toEqual([])
		expect(problems[0]).toMatchObject({
			kind: "unreadable",
			text: expect.stringMatching(/^m\.yaml: .*alias/i),
		})
	})
})
