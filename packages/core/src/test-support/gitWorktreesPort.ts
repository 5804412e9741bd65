import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import path from "node:path"
import type { CardChanges, CardWorktree } from "@cairn/types"
import type { TaskWorktreesPort } from "../controller/controllerOptions.js"

/**
 * A small stand-in for the worktrees and landing parts, for the board's tests only: real git and
 * real worktrees (under `folder`, outside the workspace), none of the real parts' safety (consent,
 * hardened git, crash-safe registry). The board's handlers are what these tests are about.
 */
export function gitWorktreesPort(
	workspace: string,
	folder: string,
): TaskWorktreesPort & {
	worktreeOf(taskId: string): CardWorktree
} {
	const byTask = new Map<string, CardWorktree>()
	const git = (cwd: string, ...args: string[]): string => {
		const result = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd })
		if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString()}`)
		return result.stdout.toString()
	}
	const worktreeOf = (taskId: string): CardWorktree => {
		const worktree = byTask.get(taskId)
		if (worktree === undefined) throw new Error(`Task ${taskId} has no worktree`)
		return worktree
	}
	const commitAll = (worktree: CardWorktree) => {
		git(worktree.path, "add", "-A")
		if (git(worktree.path, "status", "--porcelain") !== "")
			git(worktree.path, "commit", "-qm", "task work")
	}
	return {
		worktreeOf,
		async create(taskId, request) {
			const index = byTask.size + 1
			const name = request.name ?? `task-${index}`
			const worktreePath = path.join(folder, name)
			const base = request.base ?? git(workspace, "rev-parse", "HEAD").trim()
			git(workspace, "worktree", "add", "-q", "-b", `cairn/${name}`, worktreePath, base)
			const worktree: CardWorktree = { name, branch: `cairn/${name}`, base, path: worktreePath, index }
			byTask.set(taskId, worktree)
			return {
				root: worktreePath,
				env: { CAIRN_WORKTREE_INDEX: String(index), PORT: String(3000 + index * 10) },
				worktree,
			}
		},
		async changes(taskId): Promise<CardChanges> {
			const worktree = worktreeOf(taskId)
			git(worktree.path, "add", "-A", "-N")
			const lines = git(worktree.path, "diff", "--numstat", worktree.base)
				.trim()
				.split("\n")
				.filter(Boolean)
			let added = 0
			let removed = 0
			for (const line of lines) {
				const [plus, minus] = line.split("\t")
				added += Number(plus)
				removed += Number(minus)
			}
			return { files: lines.length, added, removed }
		},
		async diff(taskId) {
			const worktree = worktreeOf(taskId)
			git(worktree.path, "add", "-A", "-N")
			const names = git(worktree.path, "diff", "--name-only", worktree.base)
				.trim()
				.split("\n")
				.filter(Boolean)
			return {
				base: worktree.base,
				files: names.map((name) => ({
					path: name,
					change: "added" as const,
					added: 1,
					removed: 0,
					binary: false,
				})),
				patch: git(worktree.path, "diff", worktree.base),
			}
		},
		async land(taskId, how) {
			const worktree = worktreeOf(taskId)
			commitAll(worktree)
			if (how !== "merge") throw new Error(`This stand-in only merges, not ${how}`)
			git(workspace, "merge", "-q", "--no-ff", "--no-edit", worktree.branch)
			return { how }
		},
		async unlanded(taskId) {
			const worktree = worktreeOf(taskId)
			return git(worktree.path, "status", "--porcelain")
				.split("\n")
				.filter(Boolean)
				.map((line) => line.slice(3))
		},
		async discard(taskId) {
			const worktree = worktreeOf(taskId)
			git(workspace, "worktree", "remove", "--force", worktree.path)
			git(workspace, "branch", "-q", "-D", worktree.branch)
		},
		async runChecks(taskId, onProgress) {
			const worktree = worktreeOf(taskId)
			onProgress?.({ state: "running", command: "test -f notes.txt" })
			const passed = existsSync(path.join(worktree.path, "notes.txt"))
			return { state: passed ? "passed" : "failed", command: "test -f notes.txt" }
		},
	}
}
