import { defineProject } from "vitest/config"

export default defineProject({
	resolve: { conditions: ["source"] },
	ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } },
	test: {
		name: "core",
		environment: "node",
		include: ["src/**/*.test.ts"],
		// Many tests run real git, real child processes and the model server: on a busy 2-core CI
		// machine one can take several seconds. The timeout only catches a hang; no test waits on it.
		testTimeout: 30_000,
		hookTimeout: 30_000,
		// eventsource (under the MCP SDK's SSE client) has a "source" export condition too, for its
		// TypeScript sources: the SDK and it are inlined, so Vite transforms them instead of Node loading .ts.
		// jsonc-parser's ES module build (see core's mcp/jsonc.ts) is inlined for the same reason.
		server: {
			deps: {
				inline: [/@modelcontextprotocol\/sdk/, "eventsource", "eventsource-parser", "jsonc-parser"],
			},
		},
	},
})
