import { mkdtemp, readFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { createCliLogger, debugLogFileName } from "./cliLogger.js"

describe("the CLI's debug log", () => {
	it("writes to $CAIRN_HOME/cli-debug.log with every known secret redacted", async () => {
		const home = await mkdtemp(path.join(os.tmpdir(), "cairn-log-"))
		const secret = "sk-ant-0123456789abcdef"
		const logger = createCliLogger({
			debug: true,
			cairnHome: home,
			stderr: false,
			secrets: [secret, undefined],
		})
		logger.debug(`calling with ${secret}`, {
			nested: { header: `Bearer ${secret}` },
			list: [secret],
			apiKey: "other",
		})
		const log = await readFile(path.join(home, debugLogFileName), "utf8")
		expect(log).toContain("DEBUG calling with [redacted]")
		expect(log).toContain('"header":"Bearer [redacted]"')
		expect(log).not.toContain(secret)
		expect(log).not.toContain("other")
	})
})
