import { afterEach, describe, expect, it } from "vitest"
import { binary, createWorld, type CliWorld } from "./support/cliProcess.js"
import { complete, writeFile } from "./support/scenarios.js"
import { hasTmux, TmuxSession } from "./support/tmux.js"

let world: CliWorld | undefined
let tmux: TmuxSession | undefined
afterEach(async () => {
	await tmux?.kill()
	await world?.cleanup()
	tmux = undefined
	world = undefined
})

// scripts/install-system-deps.sh installs tmux, so CI always runs these.
const skip = !hasTmux() && !process.env.CI

async function start(w: CliWorld, args: string[]): Promise<TmuxSession> {
	return TmuxSession.start({
		cwd: w.workspace,
		env: { CAIRN_HOME: w.cairnHome, HOME: w.root, PATH: process.env.PATH ?? "", TERM: "xterm-256color" },
		argv: [process.execPath, binary, ...w.providerArgs, ...args],
	})
}

describe.skipIf(skip)("in a real terminal (tmux)", () => {
	it("the TUI streams, asks for approval (y), finishes, and exits on Ctrl+C twice", async () => {
		world = await createWorld({
			scenario: [
				{
					text: "Writing the greeting now.",
					textChunks: 5,
					chunkDelayMs: 30,
					...writeFile("hello.txt", "hi\nthere\n"),
				},
				complete("Wrote hello.txt."),
			],
		})
		tmux = await start(world, ["write a greeting"])
		const asking = await tmux.waitFor(/Approve this file operation\?/)
		expect(asking).toContain("› write a greeting")
		expect(asking).toContain("Writing the greeting now.")
		expect(asking).toContain("● Write hello.txt")
		expect(asking).toContain("+there")
		expect(asking).toMatch(/● waiting for input · code/)
		await tmux.keys("y")
		const done = await tmux.waitFor(/● idle · code · .* in \/ .* out · \$/)
		expect(done).toContain("✓ Wrote hello.txt.")
		expect(await world.read("hello.txt")).toBe("hi\nthere\n")
		await tmux.keys("C-c")
		await tmux.waitFor(/press Ctrl\+C again to exit/)
		await tmux.keys("C-c")
		await tmux.waitFor(/EXIT=0/)
	})

	it("Esc cancels a streaming answer; Enter resumes it", async () => {
		world = await createWorld({
			scenario: [
				{
					// Stalled, not slow: on a busy machine Esc may arrive seconds late, and a slow
					// answer could end first.
					text: "A stalled answer, streamed word by word, that we cancel.",
					textChunks: 40,
					stallAfterChunks: 5,
				},
				complete("Resumed."),
			],
		})
		tmux = await start(world, ["-y", "talk slowly"])
		// The answer's first words, not the status line: "streaming" shows as the request starts,
		// and on a busy machine an Esc then can cancel it before the model server has taken its
		// turn, so the resumed request would be served the stalled answer again.
		await tmux.waitFor(/^A s/m)
		await tmux.pressUntil("Escape", /Interrupted\. Enter resumes/)
		expect(await tmux.screen()).toContain("■ Task interrupted")
		await tmux.keys("Enter")
		await tmux.waitFor(/✓ Resumed\./)
		// The result shows before the task asks what next; until then Ctrl+C would cancel it.
		await tmux.waitFor(/● idle · code/)
		await tmux.keys("C-c")
		await tmux.keys("C-c")
		await tmux.waitFor(/EXIT=0/)
	})

	it("--no-tui in a terminal asks on a line: y approves", async () => {
		world = await createWorld({ scenario: [writeFile("a.txt", "A"), complete("Wrote a.txt.")] })
		tmux = await start(world, ["--no-tui", "write a"])
		await tmux.waitFor(/Approve\? \[y\]es \/ \[n\]o \/ or type feedback:/)
		await tmux.type("y")
		await tmux.keys("Enter")
		const screen = await tmux.waitFor(/EXIT=0/)
		expect(screen).toContain("✓ Wrote a.txt.")
		expect(await world.read("a.txt")).toBe("A")
	})
})
