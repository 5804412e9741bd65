import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { readFile, writeFile as writeFileOnDisk } from "node:fs/promises"
import path from "node:path"
import type { Turn } from "@cairn/model-server"
import type { TaskCard } from "@cairn/types"
import { afterEach, describe, expect, it } from "vitest"
import { createWorld, runCli, spawnCli, type CliChild, type CliWorld } from "./support/cliProcess.js"
import { complete, writeFile } from "./support/scenarios.js"

// Tasks in worktrees from the CLI: the built `cairn` against the scripted model server, on real
// git repositories with real worktrees (the core's own worktrees and landing part).

let world: CliWorld | undefined
let child: CliChild | undefined
afterEach(async () => {
	if (child && child.child.exitCode === null) child.child.kill("SIGKILL")
	await world?.cleanup()
	world = undefined
	child = undefined
})

const git = (cwd: string, ...args: string[]): string => {
	const result = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd })
	if (result.status !== 0) throw new Error(result.stderr.toString())
	return result.stdout.toString()
}

/** A world whose workspace is a git repository with one commit. */
async function repository(scenario: Turn[], files: Record<string, string> = {}): Promise<CliWorld> {
	const created = await createWorld({ scenario, files: { "app.ts": "v1\n", ...files } })
	git(created.workspace, "init", "-q", "-b", "main")
	git(created.workspace, "add", "-A")
	git(created.workspace, "commit", "-qm", "first")
	return created
}

async function cards(at: CliWorld): Promise<TaskCard[]> {
	const listed = await runCli(at, ["tasks", "--output-format", "json"])
	expect(listed.code).toBe(0)
	return JSON.parse(listed.stdout) as TaskCard[]
}

/** Runs a task that writes notes.md in a worktree named `name`; returns its card. */
async function notesInWorktree(at: CliWorld, name: string): Promise<TaskCard> {
	const run = await runCli(at, [...at.providerArgs, "-y", "--worktree", name, "-P", "write the notes"])
	expect(run.code).toBe(0)
	const card = (await cards(at)).find((c) => c.worktree?.name === name)
	if (card?.worktree === undefined) throw new Error(`no card for worktree ${name}`)
	// It says where it works and on which branch.
	expect(run.stdout).toContain(`Working in ${card.worktree.path} on branch ${card.worktree.branch}`)
	return card
}

describe("tasks in worktrees from the CLI", { timeout: 60_000 }, () => {
	it("--worktree edits in the worktree only; `tasks` lists it, `diff` shows it, `land` merges it", async () => {
		world = await repository([writeFile("notes.md", "new\n"), complete("Written.")])
		const card = await notesInWorktree(world, "notes")
		const worktree = card.worktree?.path ?? ""
		expect(card).toMatchObject({
			state: "done",
			worktree: { branch: "cairn/notes" },
			changes: { files: 1, added: 1, removed: 0 },
		})
		expect(await readFile(path.join(worktree, "notes.md"), "utf8")).toBe("new\n")
		expect(existsSync(path.join(world.workspace, "notes.md"))).toBe(false)
		expect(git(world.workspace, "status", "--porcelain")).toBe("")

		// The table a person reads: its number, its short id, state, branch.
		const table = await runCli(world, ["ps"])
		expect(table.stdout).toMatch(
			new RegExp(`^1\\s+${card.taskId.slice(0, 8)}\\s+done\\s+write the notes`, "m"),
		)
		expect(table.stdout).toMatch(/files: 1, \+1 -0\s+cairn\/notes/)

		const diff = await runCli(world, ["diff", "1"])
		expect(diff.code).toBe(0)
		expect(diff.stdout).toContain("+++ b/notes.md")
		expect(diff.stdout).toContain("+new")
		const json = await runCli(world, ["diff", card.taskId.slice(0, 6), "--output-format", "json"])
		expect(JSON.parse(json.stdout)).toMatchObject({ taskId: card.taskId, files: [{ path: "notes.md" }] })

		const land = await runCli(world, ["land", card.taskId, "--output-format", "json"])
		expect(land.code).toBe(0)
		expect(JSON.parse(land.stdout)).toEqual({ taskId: card.taskId, landing: { how: "merge" } })
		expect(await world.read("notes.md")).toBe("new\n")
		expect((await cards(world)).find((c) => c.taskId === card.taskId)?.state).toBe("landed")
	})

	it("`land` stopped by conflicts exits 1 naming the file, and leaves both sides and the person's commit", async () => {
		world = await repository([writeFile("app.ts", "task\n"), complete("Changed.")])
		const run = await runCli(world, [
			...world.providerArgs,
			"-y",
			"--worktree",
			"edit",
			"-P",
			"change app",
		])
		expect(run.code).toBe(0)
		await writeFileOnDisk(path.join(world.workspace, "app.ts"), "person\n")
		git(world.workspace, "commit", "-qam", "the person's change")
		const land = await runCli(world, ["land", "1"])
		expect(land.code).toBe(1)
		expect(land.stderr).toContain("was not landed")
		expect(land.stderr).toMatch(/^ {2}.*app\.ts/m)
		const merged = await world.read("app.ts")
		expect(merged).toContain("person")
		expect(merged).toContain("task")
		expect(git(world.workspace, "log", "-1", "--format=%s").trim()).toBe("the person's change")
		expect((await cards(world))[0]?.state).toBe("done")
	})

	it("`discard` refuses, listing the work it would lose and exiting 3; --yes-lose-work discards exactly that", async () => {
		world = await repository([writeFile("notes.md", "new\n"), complete("Written.")])
		const card = await notesInWorktree(world, "draft")
		const worktree = card.worktree?.path ?? ""

		const refused = await runCli(world, ["discard", "1"])
		expect(refused.code).toBe(3)
		expect(refused.stderr).toContain("would lose this work; nothing was removed")
		expect(refused.stderr).toContain("  notes.md (new, not committed)")
		expect(existsSync(path.join(worktree, "notes.md"))).toBe(true)

		const discarded = await runCli(world, ["discard", "1", "--yes-lose-work"])
		expect(discarded.code).toBe(0)
		expect(discarded.stderr).toContain("  notes.md (new, not committed)")
		expect(existsSync(worktree)).toBe(false)
		expect(git(world.workspace, "branch", "--list", "cairn/draft")).toBe("")
		expect((await cards(world)).find((c) => c.taskId === card.taskId)?.state).toBe("discarded")
	})

	it("the workspace's .cairn/worktree.json is used only with --allow-worktree-setup; without it the CLI says it was not", async () => {
		world = await repository([complete("One."), complete("Two.")], {
			".gitignore": ".env\n",
			".env": "SECRET=1\n",
			".cairn/worktree.json": JSON.stringify({ copy: [".env"] }),
		})
		const without = await runCli(world, [...world.providerArgs, "-y", "--worktree", "plain", "-P", "one"])
		expect(without.code).toBe(0)
		expect(without.stdout).toContain("was not used for this worktree: run with --allow-worktree-setup")
		const agreed = await runCli(world, [
			...world.providerArgs,
			"-y",
			"--worktree",
			"set-up",
			"--allow-worktree-setup",
			"-P",
			"two",
		])
		expect(agreed.code).toBe(0)
		expect(agreed.stdout).not.toContain("--allow-worktree-setup")
		const byName = new Map((await cards(world)).map((card) => [card.worktree?.name, card.worktree?.path]))
		expect(existsSync(path.join(byName.get("plain") ?? "", ".env"))).toBe(false)
		expect(await readFile(path.join(byName.get("set-up") ?? "", ".env"), "utf8")).toBe("SECRET=1\n")
	})

	it("--worktree in JSON output gives the task's card, which says where it works", async () => {
		world = await repository([complete("Done.")])
		const run = await runCli(world, [
			...world.providerArgs,
			"-y",
			"--worktree",
			"quiet",
			"--output-format",
			"json",
			"-P",
			"nothing to do",
		])
		expect(run.code).toBe(0)
		const result = JSON.parse(run.stdout) as { taskId: string; events: Record<string, unknown>[] }
		const card = result.events.find((event) => event.subtype === "task_card")?.card as TaskCard
		expect(card).toMatchObject({
			taskId: result.taskId,
			worktree: { name: "quiet", branch: "cairn/quiet" },
		})
	})

	it("--worktree outside a git repository fails saying so, and runs nothing", async () => {
		world = await createWorld({ scenario: [complete("never")] })
		const run = await runCli(world, [...world.providerArgs, "-y", "--worktree", "-P", "anything"])
		expect(run.code).toBe(1)
		expect(run.stderr).toMatch(/^cairn: .*git/m)
		expect(world.server.requests.filter((r) => r.route === "chat")).toHaveLength(0)
	})

	it("a task another cairn process runs shows in `tasks` as running there", async () => {
		world = await repository([writeFile("notes.md", "new\n"), complete("Written.")])
		// A first process whose task waits on its write's approval: it holds the task until answered.
		child = spawnCli(world, [...world.providerArgs, "--stdin-prompt-stream"])
		await child.waitForLine((l) => l.type === "init", "the init line")
		child.write({ command: "start", requestId: "s1", prompt: "write the notes" })
		await child.waitForLine((l) => l.type === "ask", "the write's approval")

		const listed = await cards(world)
		expect(listed).toEqual([expect.objectContaining({ title: "write the notes", elsewhere: true })])
		const table = await runCli(world, ["tasks"])
		expect(table.stdout).toMatch(/\(elsewhere\)/)

		child.write({ command: "shutdown", requestId: "x" })
		expect((await child.exited).code).toBe(0)
	})
})
