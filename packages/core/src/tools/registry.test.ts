import { Ajv2020 } from "ajv/dist/2020.js"
import { isToolName } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import { parseToolInput } from "./parseToolInput.js"
import { coreTools, findCoreTool, toolSpecs } from "./registry.js"

const expectedRequired: Record<string, string[]> = {
	read_file: ["path"],
	list_files: ["path"],
	search_files: ["path", "regex"],
	list_code_definition_names: ["path"],
	codebase_search: ["query"],
	write_to_file: ["path", "content"],
	apply_diff: ["path", "diff"],
	insert_content: ["path", "line", "content"],
	search_and_replace: ["path", "search", "replace"],
	execute_command: ["command"],
	read_command_output: ["id"],
	stop_command: ["id"],
	browser_action: ["action"],
	ask_followup_question: ["question", "follow_up"],
	attempt_completion: ["result"],
	update_todo_list: ["todos"],
	select_active_intent: ["intent_id"],
	fetch_instructions: ["task"],
	use_skill: ["name"],
	switch_mode: ["mode_slug"],
	new_task: ["mode", "message"],
}

/** The JSON after "Example:" / "Regex example:" in a description. */
function examples(description: string): unknown[] {
	return description
		.split("\n")
		.filter((line) => /^(Regex )?[Ee]xample: \{/.test(line))
		.map((line) => JSON.parse(line.slice(line.indexOf("{"))) as unknown)
}

describe("core tool registry", () => {
	const specs = toolSpecs(coreTools)
	const ajv = new Ajv2020({ strict: true, allErrors: true })

	it("lists each protocol tool once", () => {
		const names = coreTools.map((tool) => tool.name)
		expect(new Set(names).size).toBe(names.length)
		expect(names.every(isToolName)).toBe(true)
		expect(names.sort()).toEqual(Object.keys(expectedRequired).sort())
		expect(findCoreTool("read_file")?.name).toBe("read_file")
		expect(findCoreTool("nope")).toBeUndefined()
	})

	it.each(specs.map((spec) => [spec.name, spec] as const))("%s has a valid object schema", (name, spec) => {
		expect(ajv.validateSchema(spec.inputSchema)).toBe(true)
		expect(spec.inputSchema.type).toBe("object")
		expect(spec.inputSchema.$schema).toBeUndefined()
		expect([...((spec.inputSchema.required as string[] | undefined) ?? [])].sort()).toEqual(
			[...(expectedRequired[name] ?? [])].sort(),
		)
		const properties = spec.inputSchema.properties as Record<string, { description?: string }>
		for (const [key, property] of Object.entries(properties))
			expect(property.description, `${name}.${key}`).toBeTruthy()
		expect(spec.description.length).toBeGreaterThan(80)
		expect(spec.description.length).toBeLessThan(1200)
		// Sent with every request: no bound that does not guide the model (zod's ±2^53-1 for an
		// integer, string lengths); zod checks them when the call arrives.
		const sent = JSON.stringify(spec.inputSchema)
		expect(sent).not.toContain(String(Number.MAX_SAFE_INTEGER))
		expect(sent).not.toMatch(/"(min|max)Length"/)
	})

	it.each(coreTools.map((tool) => [tool.name, tool] as const))(
		"%s's description examples, where it has some, satisfy both its zod and its JSON schema",
		(name, tool) => {
			const spec = specs.find((s) => s.name === name)
			const validate = ajv.compile(spec?.inputSchema ?? {})
			const found = examples(tool.description)
			for (const example of found) {
				expect(parseToolInput(tool, example)).toMatchObject({ ok: true })
				expect(validate(example), JSON.stringify(validate.errors)).toBe(true)
			}
		},
	)

	it("still refuses, with the parameter named, an empty string the sent schema no longer forbids", () => {
		const readFile = findCoreTool("read_file")
		if (readFile === undefined) throw new Error("read_file is a core tool")
		const parsed = parseToolInput(readFile, { path: "" })
		expect(parsed.ok).toBe(false)
		expect(parsed.ok ? "" : parsed.error).toContain('Parameter "path"')
	})

	it("gives a tool's own JSON schema (an MCP server's) as it is, but for $schema", () => {
		const inputSchema = {
			$schema: "http://json-schema.org/draft-07/schema#",
			type: "object",
			properties: { a: { type: "number" } },
			required: ["a"],
		}
		const [spec] = toolSpecs([
			{
				name: "mcp__s__t",
				description: "d",
				params: z.record(z.string(), z.unknown()),
				inputSchema,
				execute: async () => ({ content: "" }),
			},
		])
		expect(spec).toEqual({
			name: "mcp__s__t",
			description: "d",
			inputSchema: { type: "object", properties: { a: { type: "number" } }, required: ["a"] },
		})
	})
})
