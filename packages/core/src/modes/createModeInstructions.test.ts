import { describe, expect, it } from "vitest"
import { createModeInstructions } from "./createModeInstructions.js"
import { parseModesFile } from "./modesFile.js"

describe("createModeInstructions", () => {
	const text = createModeInstructions({
		existing: [{ slug: "reviewer", name: "Reviewer", roleDefinition: "r", whenToUse: "w", groups: [] }],
		workspaceRoot: "/work/app",
		globalFile: "/home/ada/.cairn/settings/custom_modes.yaml",
	})

	it("names both modes files of this workspace and person, and the modes there are", () => {
		expect(text).toContain("The modes there are now: reviewer (Reviewer).")
		expect(text).toContain("/work/app/.cairn/modes.yaml")
		expect(text).toContain("/home/ada/.cairn/settings/custom_modes.yaml")
	})

	it("gives an example that is itself a valid modes file for the workspace", () => {
		const example = /```yaml\n([\s\S]*?)```/.exec(text)?.[1] ?? ""
		const parsed = parseModesFile(example, "example")
		expect(parsed.problems).toEqual([])
		expect(parsed.modes[0]?.groups).toContainEqual({
			group: "edit",
			restriction: { fileRegex: "\\.(md|mdx)$", description: "Markdown files" },
		})
	})
})
