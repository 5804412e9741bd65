import { describe, expect, it } from "vitest"
import { catalogServer, mcpCatalog } from "./mcpCatalog.js"
import { mcpServerInputSchema } from "./mcpServerInput.js"

const entry = (id: string) => {
	const found = mcpCatalog.find((e) => e.id === id)
	if (found === undefined) throw new Error(`no catalog entry ${id}`)
	return found
}

describe("the MCP server catalog", () => {
	it("has unique ids, each entry a valid server whose placeholders are its fields", () => {
		expect(new Set(mcpCatalog.map((e) => e.id)).size).toBe(mcpCatalog.length)
		for (const e of mcpCatalog) {
			expect(mcpServerInputSchema.safeParse(e.server).success).toBe(true)
			const placeholders = [...JSON.stringify(e.server).matchAll(/\{\{([\w-]+)\}\}/g)].map((m) => m[1])
			expect(new Set(placeholders)).toEqual(new Set(e.fields.map((f) => f.id)))
		}
	})

	it("fills the person's values in, and names the required fields left empty", () => {
		expect(catalogServer(entry("filesystem"), { folder: " /home/me/notes " })).toEqual({
			ok: true,
			server: {
				type: "stdio",
				command: "npx",
				args: ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/notes"],
				env: {},
			},
		})
		expect(catalogServer(entry("github"), { token: "${env:GITHUB_TOKEN}" })).toMatchObject({
			ok: true,
			server: { headers: { Authorization: "Bearer ${env:GITHUB_TOKEN}" } },
		})
		expect(catalogServer(entry("github"), { token: "  " })).toEqual({ ok: false, missing: ["token"] })
		expect(catalogServer(entry("memory"), {})).toMatchObject({ ok: true })
	})
})
