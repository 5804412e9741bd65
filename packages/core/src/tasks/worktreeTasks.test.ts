import { existsSync } from "node:fs"
import { mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import type { ExtensionMessage, TaskCard } from "@cairn/types"
import type { RepositoryCode } from "../consent/repositoryConsent.js"
import { probeSandbox } from "../sandbox/sandboxProbe.js"
import { afterEach, describe, expect, it } from "vitest"
import { startAgent, type AgentHarness, type AgentHarnessOptions } from "../test-support/agentHarness.js"
import { BoardMirror } from "../test-support/boardMirror.js"
import { plainGit as git } from "../test-support/plainGit.js"

// Tasks from the board in worktrees of their own: real git, real worktrees (the Controller's own
// worktrees and landing), whole tasks against the scripted model server.

const sandbox = await probeSandbox("bwrap")

/** The first worktree's PORT: the environment's PORT (3000 without one) plus its index. */
const firstPort = String(Number(process.env.PORT ?? 3000) + 1)

const write = (file: string, content = `${file}\n`) => ({
	toolCalls: [{ name: "write_to_file", arguments: { path: file, content } }],
})
const run = (command: string) => ({ toolCalls: [{ name: "execute_command", arguments: { command } }] })
const complete = (result: string) => ({ toolCalls: [{ name: "attempt_completion", arguments: { result } }] })

let agent: AgentHarness | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
})

/** An agent on a git repository with one commit, whose board starts tasks in worktrees. */
async function boardOnRepository(options: Partial<AgentHarnessOptions> = {}) {
	agent = await startAgent({
		provider: "anthropic",
		files: {
			"README.md": "main\n",
			// The repository's test command, as "Run checks" finds it.
			"package.json": JSON.stringify({
				name: "t",
				private: true,
				scripts: { test: 'node -e "process.exit(0)"' },
			}),
		},
		...options,
	})
	git(agent.workspace, "init", "-q", "-b", "main")
	git(agent.workspace, "add", "-A")
	git(agent.workspace, "commit", "-qm", "first")
	const board = new BoardMirror()
	agent.controller.attach(board.receive)
	const harness = agent
	const send = (message: Parameters<AgentHarness["send"]>[0]) =>
		harness.controller.handleWebviewMessage(message, board.receive)
	const answered = new Set<number>()
	/** Approves the next ask the card titled `title` waits on. */
	const approve = async (title: string) => {
		await board.waitFor(() => {
			const card = [...board.cards.values()].find((c) => c.title === title)
			return card?.state === "waiting" && !answered.has(card.waitingOn?.ts ?? 0)
		}, `"${title}" to ask something new`)
		const card = board.card(board.idOf(title))
		answered.add(card.waitingOn?.ts ?? 0)
		await send({
			type: "answerCard",
			taskId: card.taskId,
			ts: card.waitingOn?.ts ?? 0,
			askResponse: "yesButtonClicked",
		})
	}
	return { agent, board, send, approve }
}

describe("a task in its own worktree", { timeout: 30_000 }, () => {
	it("edits there, runs its commands there with the worktree's variables, and leaves the work tree alone", async () => {
		const { agent, board, send, approve } = await boardOnRepository({
			scenario: [
				write("notes.txt"),
				run('echo "$CAIRN_WORKTREE_INDEX:$PORT" > env.txt; pwd -P > cwd.txt'),
				complete("Written."),
			],
		})
		await send({ type: "startBoardTask", text: "take notes", place: { kind: "worktree", name: "notes" } })
		await approve("take notes")
		await approve("take notes")
		await board.waitForState("take notes", "done")

		const taskId = board.idOf("take notes")
		// Done, the card says what its worktree changed against its base.
		await board.waitFor(() => board.card(taskId).changes !== undefined, "the card's changes")
		const card = board.card(taskId)
		expect(card.changes).toEqual({ files: 3, added: 3, removed: 0 })
		const worktree = card.worktree?.path ?? ""
		expect(card.worktree).toMatchObject({ name: "notes", branch: "cairn/notes", index: 1 })
		expect(await readFile(path.join(worktree, "notes.txt"), "utf8")).toBe("notes.txt\n")
		expect((await readFile(path.join(worktree, "env.txt"), "utf8")).trim()).toBe(`1:${firstPort}`)
		expect((await readFile(path.join(worktree, "cwd.txt"), "utf8")).trim()).toBe(await realpath(worktree))
		// The person's work tree: nothing written, nothing changed.
		expect(existsSync(path.join(agent.workspace, "notes.txt"))).toBe(false)
		expect(git(agent.workspace, "status", "--porcelain")).toBe("")
		// The history keeps where it worked, so a reopened task works there again.
		expect(agent.controller.historyItem(card.taskId)).toMatchObject({
			root: worktree,
			worktree: { path: worktree },
			rootEnv: { CAIRN_WORKTREE_INDEX: "1", PORT: firstPort },
		})
	})

	it("is made in the folder the person's worktreesFolder setting names", async () => {
		const folder = await realpath(await mkdtemp(path.join(tmpdir(), "cairn-worktrees-")))
		try {
			const { board, send, approve } = await boardOnRepository({
				scenario: [write("notes.txt"), complete("Written.")],
				settings: { worktreesFolder: folder },
			})
			await send({
				type: "startBoardTask",
				text: "take notes",
				place: { kind: "worktree", name: "notes" },
			})
			await approve("take notes")
			await board.waitForState("take notes", "done")
			const worktree = board.card(board.idOf("take notes")).worktree?.path ?? ""
			expect(worktree.startsWith(`${folder}${path.sep}`)).toBe(true)
			expect(await readFile(path.join(worktree, "notes.txt"), "utf8")).toBe("notes.txt\n")
		} finally {
			await rm(folder, { recursive: true, force: true })
		}
	})

	it("after a restart, its card is interrupted and resuming it works in its worktree again", async () => {
		const { agent, board, send, approve } = await boardOnRepository({
			scenario: [write("notes.txt"), run("echo never"), write("later.txt"), complete("Written.")],
		})
		await send({ type: "startBoardTask", text: "take notes", place: { kind: "worktree" } })
		await approve("take notes")
		await board.waitFor(
			() => board.card(board.idOf("take notes")).waitingOn?.ask === "command",
			"the command's approval",
		)
		const taskId = board.idOf("take notes")
		const worktree = board.card(taskId).worktree?.path ?? ""

		await agent.restart()
		agent.controller.attach(board.receive)
		await send({ type: "requestTaskBoard" })
		// Nothing here saw it stop: the board measures what its worktree holds when first asked.
		expect(board.card(taskId)).toMatchObject({
			state: "interrupted",
			worktree: { path: worktree },
			changes: { files: 1, added: 1, removed: 0 },
		})
		await send({ type: "resumeCard", taskId })
		await board.waitFor(() => board.card(taskId).waitingOn?.ask === "tool", "the resumed task's write")
		await approve("take notes")
		await board.waitForState("take notes", "done")
		expect(await readFile(path.join(worktree, "later.txt"), "utf8")).toBe("later.txt\n")
		expect(existsSync(path.join(agent.workspace, "later.txt"))).toBe(false)
	})

	it("its subtasks work in its worktree too", async () => {
		const { agent, board, send } = await boardOnRepository({
			settings: { autoApproval: { enabled: true, write: true, alwaysAllowSubtasks: true } },
			scenario: [
				{
					toolCalls: [
						{ name: "new_task", arguments: { mode: "code", message: "write the notes" } },
					],
				},
				write("notes.txt"),
				complete("Notes written."),
				complete("Delegated."),
			],
		})
		await send({
			type: "startBoardTask",
			text: "delegate it",
			place: { kind: "worktree" },
			mode: "orchestrator",
		})
		await board.waitForState("delegate it", "done")
		const worktree = board.card(board.idOf("delegate it")).worktree?.path ?? ""
		expect(await readFile(path.join(worktree, "notes.txt"), "utf8")).toBe("notes.txt\n")
		expect(existsSync(path.join(agent.workspace, "notes.txt"))).toBe(false)
		await board.waitForState("write the notes", "done")
		// The chat showed neither: a board task's subtask runs unseen as its parent does.
		expect(agent.controller.currentTask).toBeUndefined()
	})

	it("is reviewed, checked and landed by merge from its card, which then says landed", async () => {
		// Without the command sandbox (off in this harness) the checks run only once the person agreed.
		const asked: RepositoryCode[] = []
		const { agent, board, send, approve } = await boardOnRepository({
			scenario: [write("notes.txt"), complete("Written.")],
			askConsent: async (code) => {
				asked.push(code)
				return true
			},
		})
		await send({ type: "startBoardTask", text: "take notes", place: { kind: "worktree" } })
		await approve("take notes")
		await board.waitForState("take notes", "done")
		const taskId = board.idOf("take notes")

		await send({ type: "reviewCard", taskId })
		expect(board.received.findLast((m) => m.type === "cardDiff")).toMatchObject({
			taskId,
			files: [expect.objectContaining({ path: "notes.txt" })],
			patch: expect.stringContaining("+notes.txt"),
		})
		await board.waitFor(() => board.card(taskId).changes?.files === 1, "the card's changes")
		await send({ type: "runCardChecks", taskId })
		await board.waitFor(() => board.card(taskId).checks?.state === "passed", "the checks to pass")
		expect(asked).toEqual([expect.objectContaining({ kind: "checkCommand", content: "npm test" })])

		await send({ type: "landCard", taskId, how: "merge" })
		await board.waitForState("take notes", "landed")
		expect(board.card(taskId).landing).toEqual({ how: "merge" })
		expect(await agent.read("notes.txt")).toBe("notes.txt\n")
	})

	it.skipIf(!sandbox.available)(
		`runs its checks in the command sandbox without asking, unable to write outside the worktree${sandbox.available ? "" : ` (skipped: ${sandbox.reason})`}`,
		async () => {
			const asked: RepositoryCode[] = []
			const { agent, board, send, approve } = await boardOnRepository({
				scenario: [write("notes.txt"), complete("Written.")],
				settings: { commandSandbox: true },
				bwrapPath: "bwrap",
				askConsent: async (code) => {
					asked.push(code)
					return true
				},
			})
			// The repository's test passes only when a write to the person's work tree is refused.
			const escaped = path.join(agent.workspace, "escaped.txt")
			const test = `node -e "try { require('fs').writeFileSync(${JSON.stringify(escaped).replaceAll('"', "'")}, 'x') } catch { process.exit(0) } process.exit(1)"`
			await writeFile(
				path.join(agent.workspace, "package.json"),
				JSON.stringify({ name: "t", private: true, scripts: { test } }),
			)
			git(agent.workspace, "commit", "-qam", "a test that tries to leave the worktree")
			await send({ type: "startBoardTask", text: "take notes", place: { kind: "worktree" } })
			await approve("take notes")
			await board.waitForState("take notes", "done")
			const taskId = board.idOf("take notes")

			await send({ type: "runCardChecks", taskId })
			await board.waitFor(
				() =>
					board.card(taskId).checks?.state !== "running" && board.card(taskId).checks !== undefined,
				"the checks to end",
			)
			expect(board.card(taskId).checks).toMatchObject({ state: "passed", command: "npm test" })
			expect(existsSync(escaped)).toBe(false)
			expect(asked).toEqual([])
		},
	)

	it("is discarded only once the person confirmed exactly the work it would lose", async () => {
		const { board, send, approve } = await boardOnRepository({
			scenario: [write("notes.txt"), complete("Written.")],
		})
		await send({ type: "startBoardTask", text: "take notes", place: { kind: "worktree" } })
		await approve("take notes")
		await board.waitForState("take notes", "done")
		const taskId = board.idOf("take notes")
		const folder = board.card(taskId).worktree?.path ?? ""

		await send({ type: "discardCard", taskId })
		expect(board.received.at(-1)).toEqual({
			type: "discardNeedsConfirmation",
			taskId,
			loss: ["notes.txt (new, not committed)"],
		})
		await send({ type: "discardCard", taskId, confirmedLoss: ["something else"] })
		expect(board.received.at(-1)).toEqual({
			type: "discardNeedsConfirmation",
			taskId,
			loss: ["notes.txt (new, not committed)"],
		})
		expect(existsSync(folder)).toBe(true)

		await send({ type: "discardCard", taskId, confirmedLoss: ["notes.txt (new, not committed)"] })
		await board.waitForState("take notes", "discarded")
		expect(existsSync(folder)).toBe(false)
	})
})

describe("best of N and linked cards", { timeout: 30_000 }, () => {
	it("sends one prompt to two profiles, each in its own worktree, as one group", async () => {
		const { agent, board, send, approve } = await boardOnRepository({
			// Both tasks ask the same; whichever request comes first gets the first turn.
			scenario: [write("answer.txt"), write("answer.txt"), complete("Done."), complete("Done.")],
		})
		const [first] = agent.controller.settingsStore.profiles
		if (first === undefined) throw new Error("The harness made no profile")
		const second = {
			...first,
			id: "second",
			name: "Second",
			provider: { ...first.provider, modelId: "claude-haiku-5" },
		}
		await agent.controller.settingsStore.setProfiles([first, second], first.id)
		await agent.controller.settingsStore.setApiKey("anthropic", "test-key", second.id)

		await send({
			type: "startBoardTask",
			text: "answer it",
			place: { kind: "worktree", name: "answer" },
			profileIds: [first.id, second.id],
		})
		expect(board.received.filter((m) => m.type === "error")).toEqual([])
		await board.waitFor(
			() => [...board.cards.values()].filter((c) => c.state === "waiting").length === 2,
			"both to wait on their writes",
		)
		const cards = [...board.cards.values()]
		for (const card of cards) {
			await send({
				type: "answerCard",
				taskId: card.taskId,
				ts: card.waitingOn?.ts ?? 0,
				askResponse: "yesButtonClicked",
			})
		}
		await board.waitFor(
			() => [...board.cards.values()].every((c) => c.state === "done"),
			"both to be done",
		)
		const done = [...board.cards.values()]
		expect(new Set(done.map((c) => c.group)).size).toBe(1)
		expect(done[0]?.group).toBeDefined()
		expect(done.map((c) => c.worktree?.name).sort()).toEqual(["answer-1", "answer-2"])
		expect(done.map((c) => c.modelId).sort()).toEqual(["claude-haiku-5", "claude-sonnet-5"])
		const models = agent.server.requests.map((r) => (r.body as { model?: string } | undefined)?.model)
		expect(new Set(models)).toEqual(new Set(["claude-sonnet-5", "claude-haiku-5"]))
		for (const card of done)
			expect(await readFile(path.join(card.worktree?.path ?? "", "answer.txt"), "utf8")).toBe(
				"answer.txt\n",
			)
		void approve
	})

	it("a linked card stays blocked until its first task is done, then starts with that task's result", async () => {
		const { board, send, approve, agent } = await boardOnRepository({
			scenario: [
				write("plan.txt"),
				complete("The plan is in plan.txt: three steps."),
				complete("Followed."),
			],
		})
		await send({ type: "startBoardTask", text: "plan it", place: { kind: "inPlace" } })
		await board.waitForState("plan it", "waiting")
		await send({
			type: "startBoardTask",
			text: "do it",
			place: { kind: "inPlace" },
			after: { taskId: board.idOf("plan it"), until: "done" },
		})
		await board.waitForState("do it", "blocked")
		expect(board.card(board.idOf("do it")).after).toEqual({
			taskId: board.idOf("plan it"),
			until: "done",
		})
		await approve("plan it")
		await board.waitForState("do it", "done")
		const firstOfLinked = agent.server.requests.filter((r) => r.route === "chat")[2]
		expect(JSON.stringify(firstOfLinked?.body)).toContain("The plan is in plan.txt: three steps.")
		expect(JSON.stringify(firstOfLinked?.body)).toContain("do it")
	})
})

describe("a linked card whose first task fails", () => {
	it("does not start, and its card says why", async () => {
		const failure = { error: { status: 500, message: "upstream exploded" } }
		agent = await startAgent({ provider: "anthropic", scenario: [failure, failure, failure] })
		const board = new BoardMirror()
		agent.controller.attach(board.receive)
		const send = (message: Parameters<AgentHarness["send"]>[0]) =>
			agent?.controller.handleWebviewMessage(message, board.receive)
		await send({ type: "startBoardTask", text: "plan it", place: { kind: "inPlace" } })
		await board.waitForState("plan it", "failed")
		await send({
			type: "startBoardTask",
			text: "do it",
			place: { kind: "inPlace" },
			after: { taskId: board.idOf("plan it"), until: "done" },
		})
		await board.waitForState("do it", "failed")
		expect(board.card(board.idOf("do it")).error).toBe(
			"The task it waited for failed, so it did not start.",
		)
		expect(agent.server.requests.filter((r) => r.route === "chat")).toHaveLength(3)
	})
})

describe("where worktrees cannot be made", () => {
	it("a worktree start is answered clearly, and nothing starts", async () => {
		agent = await startAgent({ provider: "anthropic" })
		const replies: unknown[] = []
		await agent.controller.handleWebviewMessage(
			{ type: "startBoardTask", text: "anything", place: { kind: "worktree" } },
			(m) => replies.push(m),
		)
		expect(replies).toEqual([
			expect.objectContaining({
				type: "error",
				inReplyTo: "startBoardTask",
				error: expect.stringContaining("not a git repository"),
			}),
		])
		expect(agent.controller.listHistory()).toEqual([])
		const cards: TaskCard[] = await agent.controller.board.cards()
		expect(cards).toEqual([])
	})

	it("the board says why worktrees cannot be used, offers git init, and can use them once committed", async () => {
		agent = await startAgent({ provider: "anthropic", files: { "README.md": "a folder\n" } })
		const harness = agent
		const boardNow = async () => {
			const replies: ExtensionMessage[] = []
			await harness.controller.handleWebviewMessage({ type: "requestTaskBoard" }, (m) =>
				replies.push(m),
			)
			const board = replies.find((m) => m.type === "taskBoard")
			if (board?.type !== "taskBoard") throw new Error(`no board: ${JSON.stringify(replies)}`)
			return board
		}
		expect((await boardNow()).worktreesUnavailable).toMatchObject({ notARepository: true })

		const replies: ExtensionMessage[] = []
		await agent.controller.handleWebviewMessage({ type: "initRepository" }, (m) => replies.push(m))
		expect(existsSync(path.join(agent.workspace, ".git"))).toBe(true)
		// A repository now, but nothing to branch from until the person commits their files.
		expect(replies.find((m) => m.type === "taskBoard")).toMatchObject({
			worktreesUnavailable: { notARepository: false, reason: expect.stringContaining("no commit") },
		})
		expect(git(agent.workspace, "status", "--porcelain")).toContain("README.md")

		git(agent.workspace, "add", "-A")
		git(agent.workspace, "commit", "-qm", "first")
		expect((await boardNow()).worktreesUnavailable).toBeUndefined()
		// Asked again, it is refused: the folder is a repository already.
		const again: ExtensionMessage[] = []
		await agent.controller.handleWebviewMessage({ type: "initRepository" }, (m) => again.push(m))
		expect(again).toEqual([expect.objectContaining({ type: "error", inReplyTo: "initRepository" })])
	})
})
