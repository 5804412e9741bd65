import * as assert from "node:assert/strict"
import type { Logger } from "@cairn/core"
import * as vscode from "vscode"
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
	const terminals = new TerminalCommands(
		logger,
		{ integrationWaitMs: 15_000, killGraceMs: 1_000, drainMs: 500 },
		log,
	)
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
		// The runner hands the output over as it reads it; its last chunk may come after the exit.
		const recent = await eventually(() =>
			log.recent()?.output.includes("cairn-42") ? log.recent() : undefined,
		)
		assert.ok(recent !== undefined, `the log holds ${JSON.stringify(log.recent())}`)
		assert.equal(recent.terminal, "Cairn")
		assert.match(recent.output, /\$ printf .*\n(.|\n)*cairn-42/)
		assert.ok(!recent.output.includes("\x1b"), `escape sequences in ${JSON.stringify(recent.output)}`)
	})

	test("reads what a command in the person's own terminal prints once it runs", async () => {
		const terminal = vscode.window.createTerminal({ name: "person", cwd: workspaceRoot() })
		try {
			const integration = await shellIntegrationOf(terminal)
			terminal.show()
			const ended = new Promise<void>((resolve) => {
				const subscription = vscode.window.onDidEndTerminalShellExecution((event) => {
					if (event.terminal !== terminal) return
					subscription.dispose()
					resolve()
				})
			})
			// Started as a person would (the log does not run it); it prints a moment after it starts.
			integration.executeCommand("sleep 1; echo person-$((6 * 7))")
			await ended
			const recent = await eventually(() =>
				log.recent()?.output.includes("person-42") ? log.recent() : undefined,
			)
			assert.ok(recent !== undefined, `the log holds ${JSON.stringify(log.recent())}`)
			assert.equal(recent.terminal, "person")
			assert.match(recent.output, /\$ sleep 1; echo person-\$\(\(6 \* 7\)\)\n(.|\n)*person-42/)
		} finally {
			terminal.dispose()
		}
	})
})

function shellIntegrationOf(terminal: vscode.Terminal): Promise<vscode.TerminalShellIntegration> {
	if (terminal.shellIntegration) return Promise.resolve(terminal.shellIntegration)
	return new Promise((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error("the terminal reported no shell integration")),
			15_000,
		)
		const subscription = vscode.window.onDidChangeTerminalShellIntegration((event) => {
			if (event.terminal !== terminal) return
			clearTimeout(timer)
			subscription.dispose()
			resolve(event.shellIntegration)
		})
	})
}
