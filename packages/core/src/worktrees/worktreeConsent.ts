import type { ConsentDecision, RepositoryConsent } from "../consent/repositoryConsent.js"
import { hookFiles, type NamedFile } from "../hooks/user/hookFiles.js"
import { worktreeConfigFile, type WorktreeConfig } from "./worktreeConfig.js"

export const withoutConsent =
	`${worktreeConfigFile} copies files, links folders and runs commands from the repository, so it is used only ` +
	"after you agree to it (you are asked again whenever it or a script it names changes). The worktree was made without it."

export const withUnknowableFiles = (why: string): string =>
	`${worktreeConfigFile} was not used: what its commands run is only known when they run (${why}), so agreeing ` +
	"to the file could not cover it. Name the scripts they run literally."

/**
 * The person's consent to the repository's worktree setup as the file is now, with the files its
 * commands name as they are in `folder` (where the commands would run: the new worktree, whose
 * scripts are its base's), so a rewritten setup script asks again. Kept per repository (`top`).
 */
export async function decideOnWorktreeConfig(
	file: { config: WorktreeConfig; content: string },
	top: string,
	folder: string,
	consent: RepositoryConsent,
): Promise<ConsentDecision> {
	const commands = [file.config.setup, file.config.check].filter((command) => command !== undefined)
	const code = {
		kind: "worktreeSetup",
		workspaceRoot: top,
		file: worktreeConfigFile,
		content: file.content,
		names: commands,
	} as const
	if (!(await consent.mayAllow(code))) return consent.decide(code)
	const files = new Map<string, NamedFile>()
	for (const command of commands) {
		const named = await hookFiles(command, folder)
		if (named.kind === "unknowable")
			return consent.decide({ ...code, unknowableFiles: `in "${command}", ${named.reason}` })
		for (const file of named.files) files.set(file.path, file)
	}
	return consent.decide({ ...code, files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) })
}

/** Why the file was not used, for the setup report. */
export const refusalMessage = (decision: ConsentDecision): string =>
	!decision.allowed && decision.unknowableFiles !== undefined
		? withUnknowableFiles(decision.unknowableFiles)
		: withoutConsent
