import { execFileSync } from "node:child_process"
import { mkdir, rm, symlink, writeFile } from "node:fs/promises"
import path from "node:path"
import type { ExtensionMessage, FleetReport } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import type { ChangesView } from "../host/Host.js"
import { writeRecord, type FleetRecord } from "../fleet/taskRecord.js"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

const git = (cwd: string, ...args: string[]): string =>
	execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
		cwd,
		encoding: "utf8",
	}).trim()

const worker = { shard: "0/1", pid: 1, hostname: "h" }
const record = (id: string, more: Partial<FleetRecord>): FleetRecord => ({
	id,
	state: "passed",
	attempt: 1,
	worker,
	startedAt: 1000,
	endedAt: 2000,
	durationMs: 1000,
	checks: [],
	...more,
})

interface Setup {
	agent: AgentHarness
	results: string
	views: ChangesView[]
	opened: string[]
	/** Whether the person was shown the folder dialog. */
	picked: () => number
}

/**
 * An editor on a workspace repository whose branch `cairn/t1` holds a fleet task's commit, and a
 * results folder beside it: t1's record, t2's (a commit from another machine) and a broken file.
 */
async function fleetWorkspace(): Promise<Setup> {
	const started = await startAgent({ provider: "anthropic", files: { "app.txt": "one\n" } })
	const repository = started.workspace
	git(repository, "init", "-q", "-b", "main")
	git(repository, "add", "-A")
	git(repository, "commit", "-qm", "first")
	git(repository, "switch", "-qc", "cairn/t1")
	await writeFile(path.join(repository, "app.txt"), "one\ntwo\n")
	await writeFile(path.join(repository, "new.txt"), "new\n")
	git(repository, "add", "-A")
	git(repository, "commit", "-qm", "t1: work")
	const commit = git(repository, "rev-parse", "HEAD")
	git(repository, "switch", "-q", "main")
	const results = path.join(path.dirname(repository), "results")
	await mkdir(results)
	await writeRecord(results, record("t1", { branch: "cairn/t1", commit, cost: 0.25 }))
	await writeRecord(results, record("t2", { state: "failed", branch: "cairn/t2", commit: "b".repeat(40) }))
	await writeFile(path.join(results, "t3.json"), "{ cut short")
	const views: ChangesView[] = []
	const opened: string[] = []
	let picks = 0
	Object.assign(started.controller.host, {
		pickResultsFolder: async () => {
			picks++
			return results
		},
		showChanges: async (view: ChangesView) => void views.push(view),
		openFile: async (absolute: string) => void opened.push(absolute),
	})
	return { agent: started, results, views, opened, picked: () => picks }
}

const errors = (harness: AgentHarness, type: string) =>
	harness.client.received.filter(
		(m): m is Extract<ExtensionMessage, { type: "error" }> => m.type === "error" && m.inReplyTo === type,
	)
const reports = (harness: AgentHarness) =>
	harness.client.received.flatMap((m) => (m.type === "fleetReport" ? [m.report as FleetReport] : []))

describe("a fleet run's report on the board", () => {
	it("opens the folder the person picks, with the summary, a row per record and the broken file named", async () => {
		const setup = await fleetWorkspace()
		agent = setup.agent
		await agent.send({ type: "openFleetReport" })
		expect(setup.picked()).toBe(1)
		const [report] = reports(agent)
		expect(report?.summary).toMatchObject({ tasks: 2, passed: 1, failed: 1, cost: 0.25 })
		expect(report?.rows.map((row) => [row.id, row.state, row.hasDiff])).toEqual([
			["t1", "passed", true],
			["t2", "failed", true],
		])
		expect(report?.unreadable).toEqual([
			{ file: path.join(setup.results, "t3.json"), error: expect.stringMatching(/^not valid JSON/) },
		])
		expect(agent.client.received).toContainEqual({ type: "fleetRecentRuns", folders: [setup.results] })
	})

	it("opens a recent folder again without the dialog, and refuses one the person never chose", async () => {
		const setup = await fleetWorkspace()
		agent = setup.agent
		await agent.send({ type: "openFleetReport" })
		await agent.send({ type: "requestFleetRecentRuns" })
		expect(agent.client.received.at(-1)).toEqual({ type: "fleetRecentRuns", folders: [setup.results] })
		await agent.send({ type: "openFleetReport", folder: setup.results })
		expect(setup.picked()).toBe(1)
		expect(reports(agent)).toHaveLength(2)

		await agent.send({ type: "openFleetReport", folder: path.dirname(setup.results) })
		await agent.send({ type: "openFleetTaskRecord", folder: "/etc", id: "passwd" })
		expect(errors(agent, "openFleetReport")).toHaveLength(1)
		expect(errors(agent, "openFleetTaskRecord")).toHaveLength(1)
		expect(reports(agent)).toHaveLength(2)
		expect(setup.opened).toEqual([])
	})

	it("answers a malformed request with a precise error and reads nothing", async () => {
		const setup = await fleetWorkspace()
		agent = setup.agent
		const replies: ExtensionMessage[] = []
		for (const message of [
			{ type: "openFleetReport", folder: 42 },
			{ type: "showFleetTaskDiff", folder: setup.results, id: "../../etc/passwd" },
			{ type: "openFleetTaskRecord", folder: setup.results },
		])
			await agent.controller.handleWebviewMessage(message, (m) => replies.push(m))
		expect(replies).toEqual([
			{
				type: "error",
				code: "invalid_message",
				error: expect.stringMatching(/^openFleetReport: folder/),
			},
			{
				type: "error",
				code: "invalid_message",
				error: expect.stringMatching(/^showFleetTaskDiff: id/),
			},
			{
				type: "error",
				code: "invalid_message",
				error: expect.stringMatching(/^openFleetTaskRecord: id/),
			},
		])
		expect(setup.picked()).toBe(0)
	})

	it("shows a task's commit against its base from the workspace's repository, and not one it does not hold", async () => {
		const setup = await fleetWorkspace()
		agent = setup.agent
		await agent.send({ type: "openFleetReport" })
		await agent.send({ type: "showFleetTaskDiff", folder: setup.results, id: "t1" })
		const [view] = setup.views
		const text = (bytes: Uint8Array | undefined) =>
			bytes === undefined ? undefined : Buffer.from(bytes).toString()
		expect(
			view?.changes.map((change) => [
				change.relativePath,
				text(change.before),
				text(change.after),
				change.existsNow,
			]),
		).toEqual([
			["app.txt", "one\n", "one\ntwo\n", true],
			["new.txt", undefined, "new\n", true],
		])
		await agent.send({ type: "showFleetTaskDiff", folder: setup.results, id: "t2" })
		expect(setup.views).toHaveLength(1)
		expect(errors(agent, "showFleetTaskDiff")[0]?.error).toMatch(/t2.*cairn\/t2/)
	})

	it("opens a task's record in the editor, but not a record replaced by a link out of the folder", async () => {
		const setup = await fleetWorkspace()
		agent = setup.agent
		await agent.send({ type: "openFleetReport" })
		await agent.send({ type: "openFleetTaskRecord", folder: setup.results, id: "t1" })
		expect(setup.opened).toEqual([path.join(setup.results, "t1.json")])
		const outside = path.join(path.dirname(setup.results), "outside")
		await mkdir(outside)
		await writeRecord(outside, record("t2", {}))
		await rm(path.join(setup.results, "t2.json"))
		await symlink(path.join(outside, "t2.json"), path.join(setup.results, "t2.json"))
		await agent.send({ type: "openFleetTaskRecord", folder: setup.results, id: "t2" })
		await agent.send({ type: "showFleetTaskDiff", folder: setup.results, id: "t2" })
		expect(setup.opened).toHaveLength(1)
		expect(errors(agent, "openFleetTaskRecord")[0]?.error).toMatch(/symbolic link/)
		expect(errors(agent, "showFleetTaskDiff")[0]?.error).toMatch(/symbolic link/)
	})
})
