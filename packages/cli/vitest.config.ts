import { configDefaults, defineProject } from "vitest/config"

export default defineProject({
	resolve: { conditions: ["source"] },
	ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } },
	test: {
		// eventsource (under the MCP SDK's SSE client) has a "source" export condition too, for its
		// TypeScript sources: the SDK and it are inlined, so Vite transforms them instead of Node loading .ts.
		// jsonc-parser's ES module build (see core's mcp/jsonc.ts) is inlined for the same reason.
		server: {
			deps: {
				inline: [/@modelcontextprotocol\/sdk/, "eventsource", "eventsource-parser", "jsonc-parser"],
			},
		},
		name: "cli",
		environment: "node",
		include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
		// The packed CLI runs on its own (vitest.packed.config.ts): packing rebuilds dist/.
		exclude: [...configDefaults.exclude, "test/packed/**"],
		// The end-to-end suites spawn the built binary: build it once before any of them runs.
		globalSetup: ["test/buildBinary.ts"],
		// A test here starts one or more real cairn processes; at a load of 20 on 2 cores each took
		// 15 s. The timeout only catches a hang; no test waits on it.
		testTimeout: 90_000,
		hookTimeout: 90_000,
	},
})
