import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { McpTransport } from "@cairn/types"
import { startEverything, type RunningEverything } from "../test-support/mcp/everythingHttp.js"
import { startHub, type HubHarness } from "../test-support/mcp/hubHarness.js"
import { convertResource, convertToolResult } from "./callResult.js"

// server-everything from npm serving streamable HTTP and SSE on 127.0.0.1, through the hub.

describe.each<[McpTransport, "streamableHttp" | "sse"]>([
	["streamable-http", "streamableHttp"],
	["sse", "sse"],
])("server-everything over %s", (transport, serve) => {
	let server: RunningEverything
	let h: HubHarness
	beforeAll(async () => {
		server = await startEverything(serve)
		h = await startHub({ global: { mcpServers: { everything: { type: transport, url: server.url } } } })
		await h.until((s) => s.servers[0]?.status === "connected", "connected")
	})
	afterAll(async () => {
		await h?.cleanup()
		await server?.stop()
	})
	const ref = { name: "everything" }

	it("lists tools, resources and templates", () => {
		const view = h.server("everything")
		expect(view?.transport).toBe(transport)
		expect(view?.tools.map((t) => t.modelName)).toEqual(
			expect.arrayContaining(["mcp__everything__echo", "mcp__everything__get-tiny-image"]),
		)
		expect(view?.resources.length).toBeGreaterThan(0)
		expect(view?.resourceTemplates.length).toBeGreaterThan(0)
	})

	it("calls a tool, and one that returns an image", async () => {
		const echo = await h.hub.callTool(ref, "echo", { message: "over the wire" })
		expect(convertToolResult(echo, true).rowText).toContain("over the wire")
		const image = convertToolResult(await h.hub.callTool(ref, "get-tiny-image", {}), true)
		expect(image.content).toEqual(
			expect.arrayContaining([expect.objectContaining({ type: "image", mediaType: "image/png" })]),
		)
	})

	it("reads a resource", async () => {
		const read = convertResource(
			await h.hub.readResource(ref, "demo://resource/static/document/architecture.md"),
		)
		expect(read.rowText).toMatch(/^\[Resource demo:\/\/resource\/static\/document\/architecture\.md/)
	})

	it("reports progress, and a cancelled call rejects with the cancel's reason", async () => {
		const progress: number[] = []
		const controller = new AbortController()
		const call = h.hub.callTool(
			ref,
			"trigger-long-running-operation",
			{ duration: 30, steps: 60 },
			{
				signal: controller.signal,
				onProgress: (p) => {
					progress.push(p.progress)
					if (progress.length === 2) controller.abort(new Error("the task was cancelled"))
				},
			},
		)
		await expect(call).rejects.toThrow(/the task was cancelled/)
		expect(progress).toEqual([1, 2])
		// The connection is still good after the cancel.
		expect(
			convertToolResult(await h.hub.callTool(ref, "echo", { message: "still here" }), true).rowText,
		).toContain("still here")
	})
})
