import { readFile, stat } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../../test-support/tempDir.js"
import { createFileLogger, LineLogger } from "./streamLogger.js"

let temp: Awaited<ReturnType<typeof makeTempDir>>
beforeEach(async () => {
	temp = await makeTempDir("cairn-log-")
})
afterEach(() => temp.remove())

describe("loggers", () => {
	it("drops entries below the minimum level", () => {
		const lines: string[] = []
		const logger = new LineLogger((line) => lines.push(line), "warn")
		logger.debug("d")
		logger.info("i")
		logger.warn("w")
		logger.error("e", { code: 7 })
		expect(lines).toHaveLength(2)
		expect(lines[0]).toMatch(/ WARN w\n$/)
		expect(lines[1]).toMatch(/ ERROR e \{"code":7\}\n$/)
	})

	it("redacts detail fields that look like secrets", () => {
		const lines: string[] = []
		new LineLogger((line) => lines.push(line)).info("provider", {
			apiKey: "sk-1",
			authToken: "t",
			model: "m",
		})
		expect(lines[0]).not.toContain("sk-1")
		expect(lines[0]).toContain('"model":"m"')
	})

	it("never throws when its sink fails", () => {
		const logger = new LineLogger(() => {
			throw new Error("disk full")
		})
		expect(() => logger.error("x")).not.toThrow()
	})

	it("appends whole lines to a private log file", async () => {
		const file = path.join(temp.dir, "logs/cli-debug.log")
		const logger = createFileLogger(file)
		logger.debug("one")
		logger.info("two")
		const text = await readFile(file, "utf8")
		expect(text.trimEnd().split("\n")).toHaveLength(2)
		expect((await stat(file)).mode & 0o777).toBe(0o600)
	})
})
