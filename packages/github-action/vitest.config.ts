import { defineProject } from "vitest/config"

export default defineProject({
	resolve: { conditions: ["source"] },
	ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } },
	test: {
		name: "github-action",
		environment: "node",
		include: ["src/**/*.test.ts", "test/**/*.test.ts"],
		// The end-to-end tests run the bundled action, which runs the built cairn: build both once.
		globalSetup: ["test/buildBundles.ts"],
		// A test here starts the action, which starts cairn and git; the timeout only catches a hang.
		testTimeout: 90_000,
		hookTimeout: 90_000,
	},
})
