import { cp, readFile, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import type { ImportReport } from "@cairn/types"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

const fixtures = path.join(import.meta.dirname, "..", "imports", "fixtures")
const rooTask = "0f9c2d4e-5b6a-4c3d-8e7f-1a2b3c4d5e6f"

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

/** Roo's storage as it is on disk, its task done in this workspace. */
async function rooStorageFor(workspace: string): Promise<string> {
	const storage = path.join(path.dirname(workspace), "roo-storage")
	await cp(path.join(fixtures, "roo-storage"), storage, { recursive: true })
	const itemFile = path.join(storage, "tasks", rooTask, "history_item.json")
	const item = JSON.parse(await readFile(itemFile, "utf8")) as Record<string, unknown>
	await writeFile(itemFile, JSON.stringify({ ...item, workspace }))
	return storage
}

describe("a Roo Code task imported into Cairn", () => {
	it("is listed in the workspace's history, opens at resume_task and goes on with the model from Roo's conversation", async () => {
		agent = await startAgent({
			provider: "anthropic",
			scenario: [
				{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Greeting added." } }] },
			],
		})
		const storage = await rooStorageFor(agent.workspace)
		const host = agent.controller.host as {
			pickImportSource?: (what: string) => Promise<string | undefined>
		}
		// The person picks Roo's storage folder in the host's picker.
		host.pickImportSource = () => Promise.resolve(storage)
		await agent.send({ type: "importFromRoo", what: "tasks" })
		const report = agent.client.received.find((m) => m.type === "importReport") as
			{ report: ImportReport } | undefined
		expect(report?.report.lines.map((line) => line.skipped ?? "imported")).toEqual([
			"imported",
			"imported",
			"empty_task",
		])
		const id = `roo-${rooTask}`
		expect(agent.client.received).toContainEqual(
			expect.objectContaining({ type: "taskHistoryUpdated", removedIds: [] }),
		)
		expect(agent.controller.listHistory({ query: "greet" }).map((item) => item.id)).toEqual([id])

		await agent.send({ type: "showTaskWithId", taskId: id })
		await agent.client.waitForAsk("resume_task")
		expect(agent.client.messages[0]).toMatchObject({
			say: "text",
			text: "Add a greet function to src/greet.ts",
		})
		await agent.press("primary")
		await agent.client.waitForAsk("completion_result")

		const request = JSON.stringify(agent.server.requests.find((r) => r.route === "chat")?.body)
		expect(request).toContain("Add a greet function to src/greet.ts")
		expect(request).toContain("toolu_roo_01")
		expect(request).toContain("Summary: the file does not exist yet")
		expect(request).not.toContain("An old stretch the summary below replaced")
		expect(request).toContain("imported from Roo Code")
		expect(request).toContain("TASK RESUMPTION")
	})

	it("is not imported twice", async () => {
		agent = await startAgent({ provider: "anthropic" })
		const storage = await rooStorageFor(agent.workspace)
		await agent.controller.importRooTasks(storage)
		const again = await agent.controller.importRooTasks(storage)
		expect(again.lines.map((line) => line.skipped)).toEqual([
			"already_there",
			"already_there",
			"empty_task",
		])
		expect(agent.controller.listHistory({ allWorkspaces: true })).toHaveLength(2)
	})

	it("offers the workspace's Claude Code rules first and adds them only when asked to", async () => {
		agent = await startAgent({
			provider: "anthropic",
			files: {
				".claude/settings.json": JSON.stringify({ permissions: { allow: ["Bash(npm test:*)"] } }),
			},
		})
		await agent.send({ type: "importClaudeRules", apply: false })
		expect(agent.controller.settingsStore.settings.allowedCommands).toEqual([])
		await agent.send({ type: "importClaudeRules", apply: true })
		expect(agent.controller.settingsStore.settings.allowedCommands).toEqual(["npm test"])
		const reports = agent.client.received.filter((m) => m.type === "importReport")
		expect(reports.map((m) => (m as { report: ImportReport }).report.preview)).toEqual([true, undefined])
		expect(agent.client.received).toContainEqual(
			expect.objectContaining({
				type: "settingsUpdated",
				settings: expect.objectContaining({ allowedCommands: ["npm test"] }) as unknown,
			}),
		)
	})
})
