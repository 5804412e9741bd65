import * as assert from "node:assert/strict"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Logger } from "@cairn/core"
import * as vscode from "vscode"
import { TerminalCommands } from "../../agent/terminalCommands"
import { workspaceRoot } from "./support/workspaceFiles"

const warnings: string[] = []
const logger: Logger = {
	debug: () => {},
	info: () => {},
	warn: (message) => warnings.push(message),
	error: (message) => warnings.push(message),
}

// The real terminal of code-server's extension host, with bash and VS Code's shell integration.
suite("commands in a VS Code terminal", () => {
	// Generous: the first terminal's shell starts and injects its integration script.
	const terminals = new TerminalCommands(logger, {
		integrationWaitMs: 15_000,
		killGraceMs: 1_000,
		drainMs: 500,
	})
	suiteTeardown(() => terminals.dispose())

	test("runs in a Cairn terminal and captures output and exit code through shell integration", async () => {
		let output = ""
		const running = terminals.run("echo cairn-$((40 + 2)); exit_with() { return $1; }; exit_with 3", {
			cwd: workspaceRoot(),
			onOutput: (chunk) => (output += chunk),
		})
		const exit = await running.done
		assert.deepEqual(warnings, [])
		assert.equal(terminals.usesTerminals, true)
		assert.ok(
			vscode.window.terminals.some((terminal) => terminal.name === "Cairn"),
			"no terminal named Cairn is open",
		)
		assert.match(output, /cairn-42/)
		assert.ok(!output.includes("\x1b]633;"), `shell integration marks in ${JSON.stringify(output)}`)
		assert.equal(exit.exitCode, 3)
		assert.equal(exit.timedOut, false)
	})

	test("never types a line with a carriage return into a terminal, where it would be two commands", async () => {
		const made = path.join(workspaceRoot(), "made-by-carriage-return")
		let output = ""
		const exit = await terminals.run(`echo one\rtouch ${made}`, {
			cwd: workspaceRoot(),
			onOutput: (chunk) => (output += chunk),
		}).done
		assert.equal(exit.exitCode, 0)
		assert.equal(fs.existsSync(made), false, "the text after the carriage return ran as a command")
		assert.ok(output.includes("touch"), `echo printed ${JSON.stringify(output)}`)
	})

	test("runs a line no person approved with a non-interactive bash, not in a terminal", async () => {
		const before = vscode.window.terminals.length
		let output = ""
		const exit = await terminals.run('echo "[$-]"', {
			cwd: workspaceRoot(),
			onOutput: (chunk) => (output += chunk),
			asAnalysed: true,
		}).done
		assert.equal(exit.exitCode, 0)
		// An interactive shell's flags hold "i"; the analysed line must not meet aliases or history.
		assert.match(output, /^\[[a-zA-Z]*\]\n$/)
		assert.ok(!/\[[^\]]*i/.test(output), `flags ${JSON.stringify(output)}`)
		assert.equal(vscode.window.terminals.length, before)
	})

	test("reuses the idle terminal and runs in the requested folder", async () => {
		const before = vscode.window.terminals.filter((terminal) => terminal.name === "Cairn").length
		let output = ""
		const exit = await terminals.run("pwd", {
			cwd: workspaceRoot(),
			onOutput: (chunk) => (output += chunk),
		}).done
		assert.equal(exit.exitCode, 0)
		assert.ok(output.includes(workspaceRoot()), `pwd printed ${JSON.stringify(output)}`)
		assert.equal(vscode.window.terminals.filter((terminal) => terminal.name === "Cairn").length, before)
	})

	test("interrupts a command that outlives its timeout", async () => {
		const started = Date.now()
		const exit = await terminals.run("sleep 30", {
			cwd: workspaceRoot(),
			onOutput: () => {},
			timeoutMs: 500,
		}).done
		assert.equal(exit.timedOut, true)
		assert.equal(exit.exitCode, undefined)
		assert.ok(Date.now() - started < 10_000, "the command was not stopped")
	})

	test("kill() stops a running command", async () => {
		const running = terminals.run("sleep 30", { cwd: workspaceRoot(), onOutput: () => {} })
		setTimeout(() => running.kill(), 500)
		const exit = await running.done
		assert.equal(exit.signal, "SIGINT")
		assert.equal(exit.timedOut, false)
	})
})
