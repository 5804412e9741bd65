import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { describe, expect, it } from "vitest"
import { runCli, withWorld } from "./support/cliProcess.js"
import { complete } from "./support/scenarios.js"

// Issue 18: the CLI's prompt takes the same @-mentions as the chat box; the core resolves them.

describe("@-mentions in the CLI's prompt", () => {
	it("send the mentioned file and page with the task, and say the terminal is not there", async () => {
		const pages = createServer((_request, response) =>
			response
				.writeHead(200, { "content-type": "text/html" })
				.end("<h2>Changelog</h2><ul><li>Mentions work in the CLI</li></ul>"),
		)
		await new Promise<void>((done) => pages.listen(0, "127.0.0.1", done))
		const page = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/changes`
		try {
			await withWorld(
				{ scenario: [complete()], files: { "src/a.ts": "export const answer = 42\n" } },
				async (world) => {
					const prompt = `explain @/src/a.ts using @${page} and @terminal`
					const run = await runCli(world, [...world.providerArgs, "--no-tui", "-P", prompt])
					expect(run.code).toBe(0)
					const request = JSON.stringify(
						world.server.requests.find((r) => r.route === "chat")?.body,
					)
					expect(request).toContain(`<task>\\n${prompt}\\n</task>`)
					expect(request).toContain(
						'<file_content path=\\"src/a.ts\\">\\nexport const answer = 42\\n',
					)
					expect(request).toContain("## Changelog")
					expect(request).toContain("Mentions work in the CLI")
					expect(request).toContain("there is no editor terminal here (the CLI has none)")
				},
			)
		} finally {
			await new Promise((done) => pages.close(done))
		}
	})
})
