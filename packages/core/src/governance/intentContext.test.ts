import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { appendTraceRecord } from "./agentTrace.js"
import { buildIntentContext } from "./intentContext.js"
import type { Intent } from "./intentsFile.js"

let temp: { dir: string; remove(): Promise<void> }
beforeEach(async () => {
	temp = await makeTempDir("cairn-context-")
	await mkdir(path.join(temp.dir, ".orchestration"))
})
afterEach(() => temp.remove())

const intent: Intent = {
	id: "INT-7",
	name: "Password reset",
	status: "IN_PROGRESS",
	description: "Users can reset a forgotten password by email.",
	owned_scope: ["src/auth/**"],
	constraints: ["No new dependencies"],
	acceptance_criteria: ["npm test passes", "The reset link expires after 1 hour"],
}

describe("the intent context", () => {
	it("holds the specification, scope, constraints, criteria and the shared guidance", async () => {
		await writeFile(path.join(temp.dir, ".orchestration/AGENT.md"), "Write tests first.\n")
		const context = await buildIntentContext(temp.dir, intent)
		expect(context).toMatch(/^<intent_context id="INT-7" status="IN_PROGRESS">/)
		expect(context).toContain("Password reset\n\nUsers can reset a forgotten password by email.")
		expect(context).toContain("<owned_scope>\n- src/auth/**\n</owned_scope>")
		expect(context).toContain("<constraints>\n- No new dependencies\n</constraints>")
		expect(context).toContain("- The reset link expires after 1 hour")
		expect(context).toContain("Write tests first.")
		expect(context).toContain("<related_traces>\n(none)\n</related_traces>")
		expect(context).toMatch(/<\/intent_context>$/)
	})

	it("lists what the trace says was done under this intent only", async () => {
		const trace = path.join(temp.dir, ".orchestration/agent_trace.jsonl")
		const base = { task_id: "t", tool_use_id: "u", model_id: "m", outcome: "completed" as const }
		await appendTraceRecord(trace, {
			...base,
			time: "2026-01-01T00:00:00.000Z",
			intent_id: "INT-7",
			tool: "write_to_file",
			paths: [{ path: "src/auth/reset.ts", sha256_before: null, sha256_after: "ab" }],
		})
		await appendTraceRecord(trace, {
			...base,
			time: "2026-01-01T00:01:00.000Z",
			intent_id: "INT-8",
			tool: "write_to_file",
			paths: [{ path: "src/other.ts", sha256_before: null, sha256_after: "cd" }],
		})
		await appendTraceRecord(trace, {
			...base,
			time: "2026-01-01T00:02:00.000Z",
			intent_id: "INT-7",
			tool: "execute_command",
			paths: [],
			command: "npm test",
			exit_code: 1,
		})
		const context = await buildIntentContext(temp.dir, intent)
		expect(context).toContain(
			[
				"<related_traces>",
				"- 2026-01-01T00:00:00.000Z write_to_file src/auth/reset.ts (completed)",
				"- 2026-01-01T00:02:00.000Z execute_command npm test (completed, exit 1)",
				"</related_traces>",
			].join("\n"),
		)
		expect(context).not.toContain("src/other.ts")
	})
})
