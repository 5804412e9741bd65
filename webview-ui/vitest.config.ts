import react from "@vitejs/plugin-react"
import { defineProject } from "vitest/config"

export default defineProject({
	plugins: [react()],
	resolve: { conditions: ["source"] },
	test: {
		name: "webview-ui",
		environment: "jsdom",
		include: ["src/**/*.test.{ts,tsx}"],
		setupFiles: ["src/test/setup.ts"],
		// A settings test clicks through a large form in jsdom: 1 s idle, over 6 s in a clean run on
		// a busy 2-core CI machine (load 14), past vitest's 5 s default.
		testTimeout: 30_000,
	},
})
