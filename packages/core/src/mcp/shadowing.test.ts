import { describe, expect, it } from "vitest"
import type { ServerEntry } from "./serverConfig.js"
import { firstDefinitionWins } from "./shadowing.js"

const entry = (name: string, configFile: string): ServerEntry => ({
	name,
	source: "project",
	configFile,
	launch: { transport: "stdio", command: "node", args: [], env: {}, cwd: "/w" },
	disabled: false,
	alwaysAllow: [],
	timeoutSec: 60,
})

describe("firstDefinitionWins", () => {
	it("uses a name's entry from the first file defining it and names the later files it hides", () => {
		const winners = firstDefinitionWins([
			{ file: "/w/.cairn/mcp.json", entries: [entry("db", "/w/.cairn/mcp.json")] },
			{
				file: "/w/.roo/mcp.json",
				entries: [entry("db", "/w/.roo/mcp.json"), entry("web", "/w/.roo/mcp.json")],
			},
			{ file: "/w/.mcp.json", entries: [entry("db", "/w/.mcp.json")] },
		])
		expect([...winners.keys()]).toEqual(["db", "web"])
		expect(winners.get("db")).toMatchObject({
			entry: { configFile: "/w/.cairn/mcp.json" },
			shadows: ["/w/.roo/mcp.json", "/w/.mcp.json"],
		})
		expect(winners.get("web")?.shadows).toEqual([])
	})

	it("a broken entry in the earlier file still wins: the person sees it rather than another tool's", () => {
		const broken: ServerEntry = {
			name: "db",
			source: "project",
			configFile: "/w/.cairn/mcp.json",
			transport: "stdio",
			disabled: false,
			error: "give the program to start (command)",
			problem: { kind: "field_required", params: { field: "command" } },
		}
		const winners = firstDefinitionWins([
			{ file: "/w/.cairn/mcp.json", entries: [broken] },
			{ file: "/w/.vscode/mcp.json", entries: [entry("db", "/w/.vscode/mcp.json")] },
		])
		expect(winners.get("db")).toEqual({ entry: broken, shadows: ["/w/.vscode/mcp.json"] })
	})
})
