import type { RepositoryConsent } from "../consent/repositoryConsent.js"
import type { RepositoryGit } from "./repositoryGit.js"
import { excludeLinks } from "./linkedExcludes.js"
import { outputTail, type SetupReport } from "./setupReport.js"
import { readWorktreeConfig } from "./worktreeConfig.js"
import { decideOnWorktreeConfig, refusalMessage } from "./worktreeConsent.js"
import { copyFiles, linkFolders } from "./worktreeFiles.js"

/** Runs the repository's setup command; the Controller runs it in the sandbox through the Host. */
export type SetupRunner = (
	command: string,
	cwd: string,
	env: Record<string, string>,
) => Promise<{ exitCode: number | undefined; output: string }>

const nothing = { copied: [], linked: [], skipped: [] }

/**
 * Applies the repository's `.cairn/worktree.json` to a new worktree (a real path), with the
 * person's consent: copies its files, links its folders, then runs its setup command there.
 * Whatever happens the worktree stays; the report says what was done and what was not.
 */
export async function setUpWorktree(options: {
	git: RepositoryGit
	worktree: string
	consent: RepositoryConsent
	runSetup: SetupRunner
	env: Record<string, string>
}): Promise<SetupReport> {
	const { git, worktree } = options
	const read = await readWorktreeConfig(git.top)
	if (read.kind === "absent") return { outcome: "none", ...nothing }
	if (read.kind === "invalid") return { outcome: "invalid", message: read.message, ...nothing }
	const decision = await decideOnWorktreeConfig(read, git.top, worktree, options.consent)
	if (!decision.allowed) return { outcome: "notAllowed", message: refusalMessage(decision), ...nothing }
	const report: SetupReport = { outcome: "done", copied: [], linked: [], skipped: [] }
	try {
		const copied = await copyFiles(git.top, worktree, read.config.copy)
		const linked = await linkFolders(git.top, worktree, read.config.link)
		report.copied = copied.placed
		report.linked = linked.placed
		report.skipped = [...copied.skipped, ...linked.skipped]
		await excludeLinks(git.commonDir, await git.ignored(linked.placed))
	} catch (error) {
		return {
			...report,
			outcome: "failed",
			message: `Setting up the worktree failed: ${(error as Error).message}`,
		}
	}
	const command = read.config.setup
	if (command === undefined) return report
	try {
		const ran = await options.runSetup(command, worktree, options.env)
		report.command = { command, exitCode: ran.exitCode, output: outputTail(ran.output) }
		if (ran.exitCode !== 0) {
			report.outcome = "failed"
			report.message = `The setup command "${command}" ${ran.exitCode === undefined ? "was stopped" : `exited with ${ran.exitCode}`}`
		}
	} catch (error) {
		report.outcome = "failed"
		report.message = `The setup command "${command}" could not run: ${(error as Error).message}`
	}
	return report
}
