import { writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { recordingLogger } from "../test-support/recordingLogger.js"
import { makeTempDir } from "../test-support/tempDir.js"
import { PersonMentions } from "./personMentions.js"

let temp: { dir: string; remove(): Promise<void> }
let mentions: PersonMentions

beforeEach(async () => {
	temp = await makeTempDir("cairn-person-mentions-")
	await writeFile(path.join(temp.dir, "a.ts"), "A\n")
	mentions = new PersonMentions({
		workspaceRoot: temp.dir,
		diagnostics: async () => [],
		logger: recordingLogger(),
	})
})
afterEach(() => temp.remove())

describe("PersonMentions", () => {
	it("hands the blocks of every message sent since the last request to the next one, once", async () => {
		mentions.personWrote("see @/a.ts")
		mentions.personWrote("no mentions here")
		mentions.personWrote("and @problems")
		const [block] = await mentions.take()
		expect(block?.type === "text" && block.text).toBe(
			"The user mentioned these with @ in their message; their content as it was when the message was sent:\n\n" +
				'<file_content path="a.ts">\nA\n\n</file_content>\n\n' +
				"<workspace_diagnostics>\nNo errors or warnings in the workspace.\n</workspace_diagnostics>",
		)
		expect(await mentions.take()).toEqual([])
	})

	it("adds nothing for a message without mentions", async () => {
		mentions.personWrote("plain words, me@example.com")
		mentions.personWrote(undefined)
		expect(await mentions.take()).toEqual([])
	})
})
