import type { Landing } from "@cairn/types"
import { driverSettings, gitEnvironment, hardenedSettings } from "../../git/gitHardening.js"
import { nulFields } from "../../git/gitOutput.js"
import { startDirectly } from "../../git/processStarter.js"
import { LandingError } from "./landingError.js"
import { commitOf } from "./landingGit.js"
import type { HostText } from "./landingText.js"
import { openPersonWorkTree, type PersonWorkTree } from "./personWorkTree.js"
import { programOnPath } from "./programOnPath.js"
import { pushBranch, pushTarget } from "./pushBranch.js"
import { compareUrl, forgeOf } from "./remoteUrl.js"
import { currentBranch } from "./workTreeState.js"
import { branchRef, type WorktreeRef } from "./worktreeRef.js"

/** A landing, with a sentence for the person when there is more to say than the URL. */
export interface LandingOutcome extends Landing {
	note?: string
}

const ghTimeoutMs = 120_000

/**
 * Pushes the worktree's branch to the repository's remote and opens a pull request for it into
 * the person's current branch: with `gh` when it is on PATH and the remote is not GitLab's (its
 * URL is returned), else the remote's page to open one (GitHub, GitLab), else a sentence saying
 * the branch was pushed.
 */
export async function pullRequestLanding(ref: WorktreeRef, text: HostText): Promise<LandingOutcome> {
	const tree = await openPersonWorkTree(ref.repository)
	const target = await pushTarget(tree, text)
	const tip = await commitOf(tree.git, branchRef(ref))
	await pushBranch(tree, target, ref.branch, tip, text)
	const current = await currentBranch(tree.git)
	const base = current?.slice("refs/heads/".length)
	const page = compareUrl(target.fetchUrl, ref.branch, base)
	// gh opens GitHub's pull requests (github.com or a GitHub of the company's), never GitLab's.
	const gh = forgeOf(target.fetchUrl) === "gitlab" ? undefined : await programOnPath("gh")
	if (gh === undefined)
		return page === undefined
			? {
					how: "pullRequest",
					note: text("landing.pushedNoPage", { branch: ref.branch, remote: target.remote }),
				}
			: { how: "pullRequest", url: page }
	const title = ref.title.trim() || ref.branch
	const args = ["pr", "create", "--head", ref.branch, ...(base === undefined ? [] : ["--base", base])]
	args.push("--title", title, "--body", text("landing.pullRequestBody", { title }))
	const started = await startDirectly(
		{ command: gh, args, cwd: tree.top, env: await ghEnvironment(tree) },
		{ timeoutMs: ghTimeoutMs, maxBytes: 100_000 },
	)
	const url = /https?:\/\/\S+/.exec(started.stdout.toString("utf8"))?.[0]
	if (started.code === 0 && url !== undefined) return { how: "pullRequest", url }
	const reason = started.stderr.toString("utf8").trim() || `gh exited with ${started.code}`
	throw new LandingError(
		text("landing.pullRequestFailed", {
			branch: ref.branch,
			remote: target.remote,
			reason,
			page: page ?? target.url,
		}),
	)
}

/**
 * gh's environment: the person's (gh finds its login and host there), without git variables of
 * Cairn's, and with the hardened git settings, so that the git gh runs to read the repository
 * (its remotes, its status) starts none of the programs the repository's configuration names.
 * gh itself is the person's program, found on their PATH.
 */
async function ghEnvironment(tree: PersonWorkTree): Promise<NodeJS.ProcessEnv> {
	const names = await tree.git.run(["config", "--list", "-z", "--name-only"])
	const settings = [...hardenedSettings, ...driverSettings(nulFields(names.stdout))]
	const env: NodeJS.ProcessEnv = {}
	for (const [key, value] of Object.entries(process.env))
		if (!key.toUpperCase().startsWith("GIT_")) env[key] = value
	for (const [key, value] of Object.entries(gitEnvironment(settings)))
		if (key.startsWith("GIT_")) env[key] = value
	return { ...env, GH_PROMPT_DISABLED: "1", GH_NO_UPDATE_NOTIFIER: "1" }
}
