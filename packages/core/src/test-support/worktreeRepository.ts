import { execFileSync } from "node:child_process"
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import type { WorktreeRef } from "../worktrees/landing/worktreeRef.js"

/**
 * A person's repository with one task worktree made by real `git worktree add`, for the landing
 * tests. The person's global git configuration is a file in `home`, which the tests make HOME, so
 * what the machine's own configuration says changes nothing.
 */
export interface WorktreeRepository {
	/** The person's main work tree (branch `main`). */
	root: string
	worktree: WorktreeRef
	home: string
	/** Plain git for the test's own setup and checks (never the code under test). */
	git(cwd: string, ...args: string[]): string
	/** Writes files (path to text) under `folder`, making folders on the way. */
	write(folder: string, files: Readonly<Record<string, string>>): Promise<void>
	/** Commits everything in `folder` with `message`. */
	commitAll(folder: string, message: string): string
	/** Sets HOME and XDG_CONFIG_HOME to `home`; returns what puts them back. */
	useHome(): () => void
}

export async function makeWorktreeRepository(
	folder: string,
	files: Readonly<Record<string, string>>,
	name = "task",
): Promise<WorktreeRepository> {
	const root = path.join(folder, "repository")
	const home = path.join(folder, "home")
	const worktreePath = path.join(folder, "worktrees", name)
	await Promise.all([root, home].map((dir) => mkdir(dir, { recursive: true })))
	const cleanEnv = Object.fromEntries(
		Object.entries(process.env).filter(([key]) => !key.startsWith("GIT_")),
	)
	const git = (cwd: string, ...args: string[]) =>
		execFileSync("git", args, {
			cwd,
			env: { ...cleanEnv, HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: "1" },
		}).toString()
	const write = async (at: string, contents: Readonly<Record<string, string>>) => {
		for (const [relative, text] of Object.entries(contents)) {
			await mkdir(path.dirname(path.join(at, relative)), { recursive: true })
			await writeFile(path.join(at, relative), text)
		}
	}
	const commitAll = (cwd: string, message: string) => {
		git(cwd, "add", "-A")
		git(cwd, "commit", "-q", "-m", message)
		return git(cwd, "rev-parse", "HEAD").trim()
	}
	await writeFile(path.join(home, ".gitconfig"), "[user]\n\tname = Pat Person\n\temail = pat@example.com\n")
	git(root, "init", "-q", "-b", "main")
	await write(root, files)
	const baseCommit = commitAll(root, "the person's first commit")
	const branch = `cairn/${name}`
	git(root, "worktree", "add", "-q", "-b", branch, worktreePath, baseCommit)
	return {
		root,
		home,
		worktree: { repository: root, path: worktreePath, branch, baseCommit, title: `The ${name} task` },
		git,
		write,
		commitAll,
		useHome() {
			const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME }
			process.env.HOME = home
			process.env.XDG_CONFIG_HOME = home
			return () => {
				for (const [key, value] of Object.entries(saved))
					if (value === undefined) delete process.env[key]
					else process.env[key] = value
			}
		},
	}
}
