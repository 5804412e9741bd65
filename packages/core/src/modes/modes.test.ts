import type { ToolName } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { coreTools, toolSpecs } from "../tools/registry.js"
import type { ToolDefinition } from "../tools/toolDefinition.js"
import type { ToolSource } from "../tools/toolSource.js"
import { coreToolNamesOf, modeToolset } from "./modeToolset.js"
import { builtInModes, modeFor, type Mode } from "./modes.js"

const core = { tools: coreTools, specs: toolSpecs(coreTools) }
const offers = (slug: string, tool: ToolName) => coreToolNamesOf(modeFor(slug)).has(tool)

const mcpTool: ToolDefinition<unknown, string> = {
	...(coreTools[0] as ToolDefinition<unknown, string>),
	name: "mcp__demo__echo",
}
const mcpServers: ToolSource = {
	tools: () => [mcpTool],
	promptSection: () => "demo: echo",
}

describe("modes", () => {
	it("there are five built-in modes, each saying when to use it", () => {
		expect(builtInModes.map((mode) => mode.slug)).toEqual([
			"code",
			"architect",
			"ask",
			"debug",
			"orchestrator",
		])
		for (const mode of builtInModes) {
			expect(mode.roleDefinition).not.toBe("")
			expect(mode.whenToUse).not.toBe("")
		}
	})

	it("Code and Debug may read, edit and run commands", () => {
		for (const slug of ["code", "debug"]) {
			for (const tool of ["read_file", "apply_diff", "write_to_file", "execute_command"] as const)
				expect(offers(slug, tool)).toBe(true)
			expect(offers(slug, "new_task")).toBe(false)
		}
	})

	it("Architect may read, edit (Markdown only, see editRestriction) and switch modes, but not run commands", () => {
		expect(offers("architect", "read_file")).toBe(true)
		expect(offers("architect", "write_to_file")).toBe(true)
		expect(offers("architect", "switch_mode")).toBe(true)
		expect(offers("architect", "execute_command")).toBe(false)
	})

	it("Ask may read and talk but not change anything", () => {
		expect(offers("ask", "read_file")).toBe(true)
		expect(offers("ask", "attempt_completion")).toBe(true)
		expect(offers("ask", "write_to_file")).toBe(false)
		expect(offers("ask", "execute_command")).toBe(false)
	})

	it("Orchestrator only delegates: it may start subtasks and switch modes, not read, edit or run", () => {
		expect(offers("orchestrator", "new_task")).toBe(true)
		expect(offers("orchestrator", "switch_mode")).toBe(true)
		for (const tool of ["read_file", "write_to_file", "execute_command", "use_mcp_tool"] as const)
			expect(offers("orchestrator", tool)).toBe(false)
	})

	it("an unknown mode falls back to Code", () => {
		expect(modeFor("no-such-mode").slug).toBe("code")
	})
})

describe("modeToolset", () => {
	it("offers only the existing tools of the mode's groups", () => {
		const { tools, specs } = modeToolset(modeFor("ask"), core, undefined)
		expect(specs.map((spec) => spec.name)).toEqual([...tools.keys()])
		expect([...tools.keys()].sort()).toEqual(
			[
				"ask_followup_question",
				"attempt_completion",
				"browser_action",
				"codebase_search",
				"fetch_instructions",
				"list_code_definition_names",
				"list_files",
				"read_file",
				"search_files",
				"select_active_intent",
				"update_todo_list",
				"use_skill",
			].sort(),
		)
	})

	it("withdraws the core tools that are not available right now", () => {
		const { tools, specs } = modeToolset(
			modeFor("ask"),
			core,
			undefined,
			(tool) => tool !== "codebase_search",
		)
		expect(tools.has("codebase_search")).toBe(false)
		expect(specs.map((spec) => spec.name)).not.toContain("codebase_search")
		expect(tools.has("search_files")).toBe(true)
	})

	it("offers the MCP servers' tools and their prompt section only in modes with the mcp group", () => {
		for (const slug of ["code", "architect", "ask", "debug"]) {
			const toolset = modeToolset(modeFor(slug), core, mcpServers)
			expect(toolset.tools.has("mcp__demo__echo")).toBe(true)
			expect(toolset.specs.map((spec) => spec.name)).toContain("mcp__demo__echo")
			expect(toolset.liveSection).toBe("demo: echo")
		}
		const withoutMcp: Mode = { ...modeFor("code"), slug: "no-mcp", groups: [{ group: "read" }] }
		const toolset = modeToolset(withoutMcp, core, mcpServers)
		expect([...toolset.tools.keys()]).not.toContain("mcp__demo__echo")
		expect(toolset.specs.map((spec) => spec.name)).not.toContain("mcp__demo__echo")
		expect(toolset.liveSection).toBeUndefined()
	})
})
