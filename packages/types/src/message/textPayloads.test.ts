import { describe, expect, it } from "vitest"
import { safeParseJson } from "../parse.js"
import { clineApiReqInfoSchema } from "./apiReqInfo.js"
import { autoApprovalLimitSchema, clineAskCommandSchema, clineAskFollowupSchema } from "./askPayloads.js"
import { clineSayToolSchema } from "./sayTool.js"

describe("JSON payloads in message text", () => {
	it("a tool row is typed by its `tool` kind", () => {
		const row = safeParseJson(
			clineSayToolSchema,
			JSON.stringify({ tool: "appliedDiff", path: "src/a.ts", diff: "@@ -1 +1 @@" }),
		)
		expect(row).toEqual({
			success: true,
			data: { tool: "appliedDiff", path: "src/a.ts", diff: "@@ -1 +1 @@" },
		})
	})

	it("a tool row missing a field of its kind is rejected", () => {
		const row = safeParseJson(clineSayToolSchema, JSON.stringify({ tool: "searchFiles", path: "." }))
		expect(row).toMatchObject({ success: false })
		if (!row.success) expect(row.error).toContain("regex")
	})

	it("an api request that is still streaming has no cost", () => {
		const started = safeParseJson(clineApiReqInfoSchema, JSON.stringify({ request: "task" }))
		expect(started.success && started.data.cost).toBeUndefined()
	})

	it("a follow-up question's suggestions default to none", () => {
		const followup = safeParseJson(clineAskFollowupSchema, JSON.stringify({ question: "Which file?" }))
		expect(followup).toEqual({ success: true, data: { question: "Which file?", suggest: [] } })
	})

	it("a command ask carries the command and what denied it", () => {
		const command = safeParseJson(
			clineAskCommandSchema,
			JSON.stringify({ command: "rm -rf x", deniedBy: "rm" }),
		)
		expect(command).toEqual({ success: true, data: { command: "rm -rf x", deniedBy: "rm" } })
	})

	it("an auto-approval limit says which limit was hit", () => {
		expect(safeParseJson(autoApprovalLimitSchema, '{"limit":"cost","cost":2.5}').success).toBe(true)
		expect(safeParseJson(autoApprovalLimitSchema, '{"limit":"time"}').success).toBe(false)
	})

	it("text that is not JSON is an error value, not an exception", () => {
		expect(safeParseJson(clineSayToolSchema, "{oops")).toMatchObject({
			success: false,
			error: expect.stringMatching(/^invalid JSON/),
		})
		expect(safeParseJson(clineSayToolSchema, undefined)).toEqual({
			success: false,
			error: "no JSON text",
		})
	})
})
