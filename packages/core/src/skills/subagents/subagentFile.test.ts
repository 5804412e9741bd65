import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { parseSubagentFile } from "./subagentFile.js"

const fixture = readFileSync(new URL("fixtures/code-reviewer.md", import.meta.url), "utf8")
const file = (front: string, body = "Body.") => `---\n${front}\n---\n${body}\n`

describe("parseSubagentFile", () => {
	it("makes a Claude Code subagent a mode: name as slug, description as when to use it, body as its role, tools as groups", () => {
		const mode = parseSubagentFile(fixture)
		expect(mode).toMatchObject({
			slug: "code-reviewer",
			name: "code-reviewer",
			whenToUse: "Expert code review specialist. Use proactively after writing or modifying code.",
			groups: [{ group: "read" }, { group: "command" }],
		})
		expect("roleDefinition" in mode && mode.roleDefinition).toContain("You are a senior code reviewer.")
	})

	it("gives every group when tools are not listed, and no more than listed otherwise", () => {
		const all = parseSubagentFile(file("name: helper\ndescription: Helps."))
		expect("groups" in all && all.groups.map((entry) => entry.group)).toEqual([
			"read",
			"edit",
			"command",
			"mcp",
			"browser",
			"modes",
		])
		const listed = parseSubagentFile(
			file("name: web\ndescription: Web.\ntools: [WebFetch, mcp__github__search, Unknown]"),
		)
		expect("groups" in listed && listed.groups.map((entry) => entry.group)).toEqual(["mcp", "browser"])
		const none = parseSubagentFile(file("name: talker\ndescription: Talks.\ntools: Unknown"))
		expect("groups" in none && none.groups).toEqual([])
	})

	it("leaves out a file without front matter, a name or a description, or with a name no mode can have", () => {
		expect(parseSubagentFile("Just text.")).toEqual({
			problem: "has no front matter (a `---` block with name and description)",
		})
		expect(parseSubagentFile(file("description: No name."))).toEqual({ problem: "has no name" })
		expect(parseSubagentFile(file("name: x-ray"))).toEqual({ problem: "has no description" })
		expect(parseSubagentFile(file("name: Bad Name\ndescription: Spaces."))).toMatchObject({
			problem: expect.stringMatching(/^has a name that cannot be used/),
		})
	})
})
