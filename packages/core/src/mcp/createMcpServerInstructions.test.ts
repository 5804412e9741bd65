import { describe, expect, it } from "vitest"
import { createMcpServerInstructions } from "./createMcpServerInstructions.js"
import { parseConfig } from "./parseConfig.js"

describe("createMcpServerInstructions", () => {
	const text = createMcpServerInstructions("/work/app")

	it("names the workspace's config file and the consent it needs", () => {
		expect(text).toContain("/work/app/.cairn/mcp.json")
		expect(text).toContain("--allow-project-mcp")
	})

	it("gives a config example that Cairn reads without a problem", () => {
		const example = /```json\n([\s\S]*?)```/.exec(text)?.[1] ?? ""
		const parsed = parseConfig({
			text: example,
			file: "/work/app/.cairn/mcp.json",
			source: "project",
			workspaceRoot: "/work/app",
			env: { WEATHER_API_KEY: "k", DOCS_TOKEN: "t" },
		})
		expect(parsed).toMatchObject({ ok: true, problems: [] })
		expect(parsed.ok && parsed.entries.map((entry) => entry.name)).toEqual(["weather", "docs"])
	})
})
