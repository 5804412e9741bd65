import { HardenedGit, type PersonRepository } from "../../git/hardenedGit.js"

/** Long enough for a merge or an add of many files on a busy machine; a stuck git still ends. */
const landingTimeoutMs = 120_000

export type LandingGitOptions = Pick<PersonRepository, "variables" | "settings" | "timeoutMs">

/** Hardened git for a folder of the person's repository (their main work tree or a task's worktree). */
export function gitAt(folder: string, options: LandingGitOptions = {}): Promise<HardenedGit> {
	return HardenedGit.forPerson({ cwd: folder, timeoutMs: landingTimeoutMs, ...options })
}

/** Git's standard output as text, without the final newline. */
export async function gitText(
	git: HardenedGit,
	args: readonly string[],
	okExitCodes?: number[],
): Promise<string> {
	const result = await git.run(args, { okExitCodes })
	return result.stdout.toString("utf8").replace(/\n$/, "")
}

/** Whether `git <args>` exits 0 (the others listed in `no` mean "no"; any other is a failure). */
export async function gitSays(
	git: HardenedGit,
	args: readonly string[],
	no: number[] = [1],
): Promise<boolean> {
	return (await git.run(args, { okExitCodes: no })).code === 0
}

/** The commit `name` names, as a hash (so that it is never read as an option or a range). */
export async function commitOf(git: HardenedGit, name: string): Promise<string> {
	return gitText(git, ["rev-parse", "--verify", "--end-of-options", `${name}^{commit}`])
}

const cairnIdentity = { name: "Cairn", email: "cairn@localhost" }

/**
 * Who commits for Cairn in this repository: the person, as their configuration says, and Cairn's
 * own name for whatever it does not say (git would otherwise refuse to commit, or guess one from
 * the machine's host name). Given as git's author and committer variables.
 */
export async function commitIdentity(folder: string): Promise<Record<string, string>> {
	const git = await gitAt(folder)
	const configured = async (key: string) => gitText(git, ["config", "--get", key], [1])
	const [name, email] = await Promise.all([configured("user.name"), configured("user.email")])
	const variables: Record<string, string> = {}
	if (name === "")
		Object.assign(variables, {
			GIT_AUTHOR_NAME: cairnIdentity.name,
			GIT_COMMITTER_NAME: cairnIdentity.name,
		})
	if (email === "")
		Object.assign(variables, {
			GIT_AUTHOR_EMAIL: cairnIdentity.email,
			GIT_COMMITTER_EMAIL: cairnIdentity.email,
		})
	return variables
}
