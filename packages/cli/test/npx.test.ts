import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url))

describe("the installed bin", () => {
	it("`npx cairn --help` works from the repository root (the build links the workspace bin)", async () => {
		const { stdout } = await promisify(execFile)("npx", ["--no-install", "cairn", "--help"], {
			cwd: repoRoot,
			env: { ...process.env, NO_COLOR: "1" },
		})
		expect(stdout).toMatch(/^Usage: cairn \[options\] \[command\] \[prompt\.\.\.\]/)
		expect(stdout).toContain("--stdin-prompt-stream")
	})
})
