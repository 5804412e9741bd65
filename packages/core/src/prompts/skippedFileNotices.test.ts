import { describe, expect, it } from "vitest"
import { SkippedFileNotices } from "./skippedFileNotices.js"

describe("SkippedFileNotices", () => {
	it("says each skipped file once in a task, however many turns read it again", () => {
		const notices = new SkippedFileNotices()
		const said: string[] = []
		const say = (reason: string) => said.push(reason)
		notices.report([undefined, "AGENTS.md is a FIFO"], say)
		notices.report(["AGENTS.md is a FIFO", ".cairn/rules/x.md is a link outside"], say)
		expect(said).toEqual(["AGENTS.md is a FIFO", ".cairn/rules/x.md is a link outside"])
	})
})
