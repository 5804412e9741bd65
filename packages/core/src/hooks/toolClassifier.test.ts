import { toolNames } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { coreTools } from "../tools/registry.js"
import { declaredPaths, isDestructiveTool, toolEffect } from "./toolClassifier.js"

describe("the tool classifier", () => {
	it("calls writes, edits, commands and external actions destructive", () => {
		const destructive = toolNames.filter(isDestructiveTool)
		expect(destructive.sort()).toEqual(
			[
				"apply_diff",
				"browser_action",
				"execute_command",
				"insert_content",
				"search_and_replace",
				// Ending a process is an effect on the world, even one the agent started.
				"stop_command",
				"use_mcp_tool",
				"write_to_file",
			].sort(),
		)
	})

	it("treats a tool it does not know as destructive", () => {
		expect(toolEffect("delete_everything")).toBe("external")
		expect(isDestructiveTool("delete_everything")).toBe(true)
	})

	it("finds the path every core tool that edits declares", () => {
		for (const tool of coreTools.filter((t) => toolEffect(t.name) === "edits")) {
			expect(declaredPaths(tool.name, { path: "src/a.ts", content: "x" }), tool.name).toEqual([
				"src/a.ts",
			])
		}
	})

	it("declares no path for a command, a read, or a missing argument", () => {
		expect(declaredPaths("execute_command", { command: "rm -rf src", cwd: "src" })).toEqual([])
		expect(declaredPaths("read_file", { path: "a.ts" })).toEqual([])
		expect(declaredPaths("write_to_file", { content: "x" })).toEqual([])
	})
})
