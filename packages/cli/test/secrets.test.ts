import { readdir, readFile } from "node:fs/promises"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { runCli, withWorld } from "./support/cliProcess.js"

/** Every file under `dir` with its text. */
async function filesUnder(dir: string): Promise<{ file: string; text: string }[]> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true })
	const files = entries.filter((entry) => entry.isFile()).map((e) => path.join(e.parentPath, e.name))
	return Promise.all(files.map(async (file) => ({ file, text: await readFile(file, "utf8") })))
}

describe("an API key a server echoes in its error", () => {
	it.each(["--no-tui", "--output-format=stream-json"])(
		"is neither printed (%s) nor stored with the task",
		(format) =>
			withWorld(
				{ scenario: [{ error: { status: 401, message: "Invalid key", echoApiKey: true } }] },
				async (world) => {
					const key = world.providerArgs[world.providerArgs.indexOf("--api-key") + 1] ?? ""
					const run = await runCli(world, [...world.providerArgs, format, "go"])
					expect(run.code).toBe(1)
					expect(`${run.stdout}${run.stderr}`).toContain("Invalid key (API key: [redacted])")
					expect(run.stdout).not.toContain(key)
					expect(run.stderr).not.toContain(key)
					// secrets.json is where the CLI keeps keys: the one file meant to hold it.
					const stored = (await filesUnder(world.cairnHome)).filter(
						({ file }) => path.basename(file) !== "secrets.json",
					)
					expect(stored.some(({ text }) => text.includes("Invalid key"))).toBe(true)
					expect(stored.filter(({ text }) => text.includes(key)).map((f) => f.file)).toEqual([])
				},
			),
	)
})
