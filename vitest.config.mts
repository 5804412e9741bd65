import { defineConfig } from "vitest/config"

// One runner for the whole repository; each workspace is a project so its own
// environment (node or jsdom) and setup apply.
export default defineConfig({
	resolve: { conditions: ["source"] },
	ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } },
	test: {
		projects: [
			"packages/*/vitest.config.ts",
			"webview-ui/vitest.config.ts",
			// The extension's own sources have unit tests where they need no editor (src/test/suite
			// runs in the extension host).
			{
				test: {
					name: "repo",
					environment: "node",
					// Some start npm scripts as child processes, slow on a busy CI machine.
					testTimeout: 30_000,
					include: [
						"*.test.ts",
						"src/webview/*.test.ts",
						"src/api/*.test.ts",
						"src/agent/*.test.ts",
					],
				},
			},
			// The setup scripts, and the README and docs/ checked for links and CLI flags (the CLI's
			// definition is read from its sources, so the "source" export condition above applies).
			{
				extends: true,
				test: { name: "scripts", environment: "node", include: ["scripts/**/*.test.ts"] },
			},
		],
		passWithNoTests: false,
	},
})
