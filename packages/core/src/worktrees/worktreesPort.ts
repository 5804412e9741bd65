import type { CardWorktree } from "@cairn/types"
import type { CardDiff, CreatedWorktree, TaskWorktreesPort } from "../controller/controllerOptions.js"
import {
	checkCommand,
	landWorktree,
	runChecks,
	unlandedWork,
	worktreeChanges,
	worktreeDiff,
	type WorktreeRef,
} from "./landing/index.js"
import { TaskWorktrees, type TaskWorktree, type WorktreesUnavailable } from "./taskWorktrees.js"
import { HardenedGit } from "../git/hardenedGit.js"
import { worktreeChangesView } from "./worktreeChangesView.js"
import { checkRunner, setupRunner, type WorktreeCommandsOptions } from "./worktreeCommands.js"

export interface WorktreesPortOptions extends WorktreeCommandsOptions {
	/** The task's title: the message of the commit that holds its work when it lands. */
	titleOf: (taskId: string) => string
}

/** What the card says of a setup that did not run as written; undefined when it did, or there is none. */
function setupProblem(worktree: TaskWorktree): CardWorktree["setup"] {
	const setup = worktree.setup
	if (setup === undefined || setup.outcome === "none" || setup.outcome === "done") return undefined
	const exitCode = setup.outcome === "failed" ? setup.command?.exitCode : undefined
	return { outcome: setup.outcome, ...(exitCode !== undefined && { exitCode }) }
}

/** What a board card shows of a worktree. */
const cardWorktree = (worktree: TaskWorktree, diskBytes?: number): CardWorktree => {
	const setup = setupProblem(worktree)
	return {
		name: worktree.name,
		branch: worktree.branch,
		base: worktree.base,
		path: worktree.path,
		index: worktree.index,
		...(diskBytes !== undefined && { diskBytes }),
		...(setup && { setup }),
	}
}

/**
 * The board's worktrees for the workspace: the worktrees part makes, lists and removes them, the
 * landing part measures, lands and checks them. The repository is looked at only when a task
 * first needs a worktree (or a card its changes), so a window that never uses one pays nothing.
 */
export function worktreesPort(options: WorktreesPortOptions): TaskWorktreesPort {
	const { host } = options
	let opened: { folder: string; worktrees: Promise<TaskWorktrees | WorktreesUnavailable> } | undefined
	// Opened again when the person moves the worktrees folder (those made before stay listed where
	// they are), and after an unavailable answer: the person may have run git init or committed since.
	const open = async () => {
		const folder = options.settings().worktreesFolder
		const last = await opened?.worktrees.catch(() => undefined)
		if (opened?.folder !== folder || last === undefined || "unavailable" in last)
			opened = {
				folder,
				worktrees: TaskWorktrees.open({
					repository: host.workspaceRoot,
					storageDir: host.storageDir,
					...(folder !== "" && { folder }),
					logger: host.logger,
					state: host.state,
					...(host.askConsent && {
						consent: (code) => host.askConsent?.(code) ?? Promise.resolve(false),
					}),
					runSetup: setupRunner(options),
				}),
			}
		return opened.worktrees
	}
	const unavailableSentence = (unavailable: WorktreesUnavailable) =>
		`${options.text()("board.worktreesUnavailable")} (${unavailable.reason})`
	const worktrees = async (): Promise<TaskWorktrees> => {
		const opened = await open()
		if ("unavailable" in opened) throw new Error(unavailableSentence(opened))
		return opened
	}
	/** The task's worktree as it is now; its record may have been written by another process. */
	const worktreeOf = async (taskId: string): Promise<{ all: TaskWorktrees; worktree: TaskWorktree }> => {
		const all = await worktrees()
		const worktree = all.byTask(taskId) ?? (await all.list()).find((tree) => tree.taskId === taskId)
		if (worktree === undefined || worktree.state === "discarded")
			throw new Error(options.text()("board.noWorktree", { taskId }))
		return { all, worktree }
	}
	const refOf = (taskId: string, worktree: TaskWorktree): WorktreeRef => ({
		repository: worktree.repository,
		path: worktree.path,
		branch: worktree.branch,
		baseCommit: worktree.baseCommit,
		title: options.titleOf(taskId),
		...(worktree.setup && { setupLinks: worktree.setup.linked }),
	})

	return {
		async create(taskId, request): Promise<CreatedWorktree> {
			const all = await worktrees()
			const worktree = await all.create({ taskId, ...request })
			// A failed or invalid setup the worktrees part logs itself; a refused one is the person's choice, noted here.
			if (worktree.setup?.outcome === "notAllowed")
				host.logger.info(
					"A task's worktree was made without the repository's setup, which was not agreed to",
					{
						taskId,
					},
				)
			return {
				root: worktree.workspace,
				env: all.environment(worktree),
				worktree: cardWorktree(worktree, await all.diskBytes(worktree)),
			}
		},
		async changes(taskId) {
			const opened = await open()
			if ("unavailable" in opened) return undefined
			const worktree =
				opened.byTask(taskId) ?? (await opened.list()).find((tree) => tree.taskId === taskId)
			if (worktree === undefined || worktree.state !== "active") return undefined
			return worktreeChanges(refOf(taskId, worktree))
		},
		async diff(taskId) {
			const { worktree } = await worktreeOf(taskId)
			return worktreeDiff(refOf(taskId, worktree), options.text())
		},
		async land(taskId, how) {
			const { all, worktree } = await worktreeOf(taskId)
			const { note, ...landing } = await landWorktree(refOf(taskId, worktree), how, {
				text: options.text(),
			})
			// Pushed to a host Cairn knows no page of: the branch is there, the person opens the request.
			if (note !== undefined) host.logger.info(note, { taskId })
			await all.recordLanding(taskId, landing)
			return landing
		},
		async unlanded(taskId) {
			const { worktree } = await worktreeOf(taskId)
			return unlandedWork(refOf(taskId, worktree), options.text())
		},
		async discard(taskId) {
			const { all } = await worktreeOf(taskId)
			// The caller had the person confirm every piece of work this loses.
			await all.remove(taskId, { deleteBranch: true })
		},
		...(host.showChanges && {
			async showDiff(taskId: string, { files }: CardDiff) {
				const { worktree } = await worktreeOf(taskId)
				const ref = refOf(taskId, worktree)
				if (files.length === 0) return
				const title = options.text()("worktrees.changesTitle", {
					branch: worktree.branch,
					base: worktree.base,
				})
				await host.showChanges?.(await worktreeChangesView(ref, files, title))
			},
		}),
		async unavailable() {
			const opened = await open()
			if (!("unavailable" in opened)) return undefined
			return { reason: unavailableSentence(opened), notARepository: opened.notARepository === true }
		},
		async initRepository() {
			const opened = await open()
			if (!("unavailable" in opened) || opened.notARepository !== true)
				throw new Error(options.text()("worktrees.alreadyRepository"))
			const git = await HardenedGit.forPerson({ cwd: host.workspaceRoot })
			await git.run(["init", "--quiet"])
		},
		async runChecks(taskId, onProgress) {
			const { all, worktree } = await worktreeOf(taskId)
			const command = await checkCommand(worktree.workspace, await all.checkCommand())
			if (command === undefined) throw new Error(options.text()("worktrees.noCheckCommand"))
			const run = await checkRunner(
				options,
				{ root: worktree.workspace, env: all.environment(worktree) },
				command,
			)
			onProgress?.({ state: "running", command })
			return runChecks({ ...refOf(taskId, worktree), path: worktree.workspace }, command, run, {
				text: options.text(),
			})
		},
	}
}
