import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../../test-support/recordingLogger.js"
import { makeTempDir } from "../../test-support/tempDir.js"
import { NodeHost } from "./NodeHost.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-host-")
})
afterEach(() => temp.remove())

describe("NodeHost", () => {
	it("resolves its folders and runs commands in the workspace", async () => {
		const host = new NodeHost({
			workspaceRoot: temp.dir,
			storageDir: path.join(temp.dir, "s"),
			logger: recordingLogger(),
		})
		expect(host.storageDir).toBe(path.join(temp.dir, "s"))
		const output: string[] = []
		const exit = await host.runCommand("pwd", {
			cwd: host.workspaceRoot,
			onOutput: (c) => output.push(c),
		}).done
		expect(exit.exitCode).toBe(0)
		expect(output.join("")).toBe(`${temp.dir}\n`)
	})

	it("ends every running command on dispose", async () => {
		const host = new NodeHost({
			workspaceRoot: temp.dir,
			storageDir: path.join(temp.dir, "s"),
			logger: recordingLogger(),
			commands: { killGraceMs: 200 },
		})
		const first = host.runCommand("sleep 100", { cwd: temp.dir, onOutput: () => undefined })
		const second = host.runCommand("sleep 100", { cwd: temp.dir, onOutput: () => undefined })
		const started = Date.now()
		await host.dispose()
		expect((await first.done).signal).toBe("SIGTERM")
		expect((await second.done).signal).toBe("SIGTERM")
		expect(Date.now() - started).toBeLessThan(2000)
	})

	it("signals a running command's whole group at once for a process that is exiting", async () => {
		const host = new NodeHost({
			workspaceRoot: temp.dir,
			storageDir: path.join(temp.dir, "s"),
			logger: recordingLogger(),
		})
		let output = ""
		let printed: () => void = () => undefined
		const childPrinted = new Promise<void>((resolve) => (printed = resolve))
		// The grandchild holds the output pipe: the command is done only once it is gone too.
		const command = host.runCommand("sleep 1000 & echo child=$!; wait", {
			cwd: temp.dir,
			onOutput: (chunk) => {
				output += chunk
				if (/child=\d+\n/.test(output)) printed()
			},
		})
		await childPrinted
		host.killCommandsNow()
		expect((await command.done).signal).toBe("SIGTERM")
	})
})
