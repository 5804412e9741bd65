import * as assert from "node:assert/strict"
import type { Logger } from "@cairn/core"
import { TerminalCommands } from "../../agent/terminalCommands"
import { TerminalOutputLog } from "../../agent/terminalOutputLog"
import { workspaceRoot } from "./support/workspaceFiles"

const logger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }

async function eventually<T>(value: () => T | undefined, timeoutMs = 5_000): Promise<T | undefined> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const found = value()
		if (found !== undefined || Date.now() > deadline) return found
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
}

// @terminal: what the terminals' commands printed, read through VS Code's shell integration.
suite("the terminal output log", () => {
	const log = new TerminalOutputLog()
	const terminals = new TerminalCommands(logger, {
		integrationWaitMs: 15_000,
		killGraceMs: 1_000,
		drainMs: 500,
	})
	suiteTeardown(() => {
		terminals.dispose()
		log.dispose()
	})

	test("keeps each command line and its output, without escape sequences", async () => {
		const exit = await terminals.run("printf '\\033[31mcairn-%s\\033[0m\\n' $((40 + 2))", {
			cwd: workspaceRoot(),
			onOutput: () => {},
		}).done
		assert.equal(exit.exitCode, 0)
		// The log reads the same output stream as the command's runner, on its own: wait until it has it.
		const recent = await eventually(() =>
			log.recent()?.output.includes("cairn-42") ? log.recent() : undefined,
		)
		assert.ok(recent !== undefined, "no terminal output was recorded")
		assert.equal(recent.terminal, "Cairn")
		assert.match(recent.output, /\$ printf .*\n(.|\n)*cairn-42/)
		assert.ok(!recent.output.includes("\x1b"), `escape sequences in ${JSON.stringify(recent.output)}`)
	})
})
