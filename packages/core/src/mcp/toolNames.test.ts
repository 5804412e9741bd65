import { toolNames } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { modelToolNamePattern, modelToolNames, type ToolToName } from "./toolNames.js"

const global = (server: string, tool: string): ToolToName => ({ source: "global", server, tool })
const project = (server: string, tool: string): ToolToName => ({ source: "project", server, tool })

describe("modelToolNames", () => {
	it("names a tool mcp__<server>__<tool>", () => {
		expect(modelToolNames([global("everything", "get-sum")])).toEqual(["mcp__everything__get-sum"])
	})

	it("replaces characters the providers refuse", () => {
		const [name] = modelToolNames([global("my server.v2", "files/read ✓")])
		expect(name).toBe("mcp__my_server_v2__files_read__")
		expect(name).toMatch(modelToolNamePattern)
	})

	it("shortens long names with a stable hash, within 64 characters", () => {
		const tool = global(
			"a-server-with-a-rather-long-name",
			"and-a-tool-with-an-even-longer-name-than-that",
		)
		const [first] = modelToolNames([tool])
		const [, again] = modelToolNames([global("other", "x"), tool])
		expect(first).toHaveLength(64)
		expect(first).toMatch(modelToolNamePattern)
		expect(again).toBe(first)
	})

	it("keeps names unique: tools whose cleaned names collide get a hash suffix", () => {
		const names = modelToolNames([global("s", "a.b"), global("s", "a_b"), global("s", "a b")])
		expect(new Set(names).size).toBe(3)
		expect(names[0]).toBe("mcp__s__a_b")
		for (const name of names) expect(name).toMatch(modelToolNamePattern)
	})

	it("a project server never takes the name of a global server's tool, whatever the order", () => {
		const names = modelToolNames([project("files", "read"), global("files", "read")])
		expect(names[1]).toBe("mcp__files__read")
		expect(names[0]).not.toBe("mcp__files__read")
	})

	it("never gives a core tool's name", () => {
		const names = modelToolNames([global("x", "y")])
		for (const name of names) expect(toolNames as readonly string[]).not.toContain(name)
	})
})
