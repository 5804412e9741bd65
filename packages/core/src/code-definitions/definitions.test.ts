import { readFile } from "node:fs/promises"
import { describe, expect, it } from "vitest"
import { findDefinitions, loadGrammar } from "./definitions.js"
import { allGrammars, grammarFor } from "./languages.js"

async function outline(fixture: string): Promise<[string, number][]> {
	const source = await readFile(new URL(`fixtures/${fixture}`, import.meta.url), "utf8")
	const grammar = grammarFor(fixture)
	if (grammar === undefined) throw new Error(`no grammar for ${fixture}`)
	const definitions = await findDefinitions(source, grammar)
	return definitions.map((definition) => [definition.name, definition.startLine])
}

// Parsing wasm grammars on a busy machine: generous, never relied on for ordering.
const slow = { timeout: 60_000 }

describe("code definitions", () => {
	it(
		"loads every grammar's wasm and compiles its query with the installed tree-sitter runtime",
		slow,
		async () => {
			for (const grammar of allGrammars) await expect(loadGrammar(grammar)).resolves.toBeDefined()
		},
	)

	it.each<[string, [string, number][]]>([
		[
			"sample.ts",
			[
				["Shape", 3],
				["Point", 7],
				["Colour", 9],
				["Circle", 14],
				["constructor", 15],
				["area", 17],
				["load", 23],
				["double", 30],
				["Geometry", 32],
				["unit", 33],
			],
		],
		[
			"sample.tsx",
			[
				["Props", 3],
				["Card", 7],
				["Badge", 11],
			],
		],
		[
			"sample.js",
			[
				["Reader", 3],
				["read", 4],
				["parse", 9],
				["stringify", 14],
			],
		],
		[
			"sample.py",
			[
				["Repository", 4],
				["__init__", 5],
				["files", 8],
				["main", 16],
			],
		],
		[
			"sample.go",
			[
				["Store", 3],
				["Getter", 7],
				["New", 11],
				["Get", 15],
			],
		],
		[
			"sample.rs",
			[
				["Counter", 1],
				["Tick", 5],
				["tick", 6],
				["Counter", 9],
				["tick", 10],
				["Direction", 15],
				["start", 20],
				["tests", 24],
			],
		],
		[
			"Sample.java",
			[
				["Sample", 3],
				["Sample", 6],
				["size", 10],
				["Sized", 15],
				["size", 16],
				["Mode", 19],
			],
		],
		[
			"sample.c",
			[
				["SQUARE", 3],
				["point", 5],
				["length", 10],
				["area", 12],
				["name", 16],
			],
		],
		[
			"sample.cpp",
			[
				["shapes", 3],
				["Square", 5],
				["area", 8],
				["Square::area", 14],
				["main", 20],
			],
		],
		[
			"sample.cs",
			[
				["Demo", 3],
				["IGreeter", 5],
				["Greet", 7],
				["Greeter", 10],
				["Greeter", 12],
				["Greet", 14],
				["Tone", 20],
			],
		],
		[
			"sample.rb",
			[
				["Shop", 1],
				["Cart", 2],
				["initialize", 3],
				["add", 7],
				["empty", 11],
			],
		],
		[
			"sample.php",
			[
				["App", 3],
				["Greets", 5],
				["greet", 7],
				["Greeter", 10],
				["greet", 12],
				["main", 18],
			],
		],
	])(
		"%s: its definitions with their first lines, without ones local to a function",
		slow,
		async (fixture, expected) => {
			expect(await outline(fixture)).toEqual(expected)
		},
	)

	it("gives each definition's line range and the line it starts on", slow, async () => {
		const source = "export class Box {\n\tsize(): number {\n\t\treturn 1\n\t}\n}\n"
		const grammar = grammarFor("box.ts")
		expect(grammar).toBeDefined()
		expect(await findDefinitions(source, grammar!)).toEqual([
			{ name: "Box", kind: "class", startLine: 1, endLine: 5, header: "export class Box {" },
			{ name: "size", kind: "method", startLine: 2, endLine: 4, header: "\tsize(): number {" },
		])
	})

	it("knows no grammar for other files", () => {
		expect(grammarFor("notes.md")).toBeUndefined()
		expect(grammarFor("Makefile")).toBeUndefined()
	})
})
