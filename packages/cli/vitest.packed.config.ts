import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

/**
 * The packed CLI (`npm pack`, then installed into an empty prefix): a run of its own, after the
 * other suites (scripts/test-all.sh), since packing rebuilds dist/, which they run.
 */
export default defineConfig({
	// Run from the repository's root (scripts/test-all.sh) as from here.
	root: fileURLToPath(new URL(".", import.meta.url)),
	resolve: { conditions: ["source"] },
	ssr: { resolve: { conditions: ["source"], externalConditions: ["source"] } },
	test: {
		name: "cli-packed",
		environment: "node",
		include: ["test/packed/**/*.test.ts"],
		testTimeout: 120_000,
		hookTimeout: 300_000,
	},
})
