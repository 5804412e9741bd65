import { nulFields } from "../../git/gitOutput.js"
import { GitError } from "../../git/gitError.js"
import { LandingError } from "./landingError.js"
import { gitAt, gitText } from "./landingGit.js"
import type { HostText } from "./landingText.js"
import type { PersonWorkTree } from "./personWorkTree.js"
import { isPlainTransport } from "./remoteUrl.js"

/** The remote a branch is pushed to: its name, the URL git pushes to, and its own URL (for its web page). */
export interface PushTarget {
	remote: string
	url: string
	fetchUrl: string
}

/** `origin`, else the repository's only remote; refuses with a sentence when there is none or no clear one. */
export async function pushTarget(tree: PersonWorkTree, text: HostText): Promise<PushTarget> {
	const remotes = (await gitText(tree.git, ["remote"])).split("\n").filter((name) => name !== "")
	const remote = remotes.includes("origin") ? "origin" : remotes.length === 1 ? remotes[0] : undefined
	if (remotes.length === 0) throw new LandingError(text("landing.noRemote"))
	if (remote === undefined)
		throw new LandingError(text("landing.severalRemotes", { names: text.list(remotes) }))
	const configured = async (key: string) =>
		(await gitText(tree.git, ["config", "--get-all", key], [1])).split("\n").filter((url) => url !== "")
	const fetchUrl = (await configured(`remote.${remote}.url`))[0]
	// Git pushes to the first push URL, else the first URL.
	const url = (await configured(`remote.${remote}.pushurl`))[0] ?? fetchUrl
	if (url === undefined) throw new LandingError(text("landing.noRemote"))
	if (!isPlainTransport(url)) throw new LandingError(text("landing.unsafeRemote", { remote, url }))
	return { remote, url, fetchUrl: fetchUrl ?? url }
}

/**
 * How a push the person asked for authenticates. Every other git Cairn runs has no transport and no
 * credential program at all (gitHardening). A push needs one, and it is safe to give it the
 * person's OWN: the credential helpers, ssh command and askpass of their global and system
 * configuration (files they wrote, outside the repository), given again on the command line's
 * level after the hardened reset, and their ssh agent (SSH_AUTH_SOCK). What the repository's own
 * configuration names still never runs: its helpers and ssh command stay reset, the push goes to
 * the URL itself (so `remote.<name>.receivepack`, `.vcs` and the like are not read), git's own
 * `git-receive-pack` is named on the command line, only git's own transports are allowed (an
 * `insteadOf` rewriting the URL to `ext::` is refused), and nothing is signed.
 */
export async function pushSettings(tree: PersonWorkTree): Promise<[string, string][]> {
	const listed = await tree.git.run(
		[
			"config",
			"--show-scope",
			"-z",
			"--get-regexp",
			"^(credential\\..+|core\\.sshcommand|core\\.askpass)$",
		],
		{ okExitCodes: [1] },
	)
	const fields = nulFields(listed.stdout)
	const persons: [string, string][] = []
	for (let i = 0; i + 1 < fields.length; i += 2) {
		if (fields[i] !== "global" && fields[i] !== "system") continue
		const entry = fields[i + 1] ?? ""
		const newline = entry.indexOf("\n")
		// A key without a value ("[credential] helper") is git's "true": no helper, left out.
		if (newline !== -1) persons.push([entry.slice(0, newline), entry.slice(newline + 1)])
	}
	const ownSsh = persons.some(([key]) => key.toLowerCase() === "core.sshcommand")
	return [
		...["https", "http", "ssh", "git", "file"].map((scheme): [string, string] => [
			`protocol.${scheme}.allow`,
			"always",
		]),
		["push.gpgSign", "false"],
		["push.recurseSubmodules", "no"],
		// The hardened empty value would run nothing; plain ssh from PATH reads the person's ~/.ssh.
		...(ownSsh ? [] : [["core.sshCommand", "ssh"] as [string, string]]),
		...persons,
	]
}

/** Pushes `tip` to the target's branch of the same name, and moves the remote-tracking branch as git would. */
export async function pushBranch(
	tree: PersonWorkTree,
	target: PushTarget,
	branch: string,
	tip: string,
	text: HostText,
): Promise<void> {
	const agent = process.env.SSH_AUTH_SOCK
	const pushing = await gitAt(tree.top, {
		settings: await pushSettings(tree),
		variables: agent === undefined ? {} : { SSH_AUTH_SOCK: agent },
	})
	try {
		await pushing.run([
			"push",
			"--receive-pack=git-receive-pack",
			"--no-verify",
			"--no-signed",
			"--end-of-options",
			target.url,
			`${tip}:refs/heads/${branch}`,
		])
	} catch (error) {
		if (!(error instanceof GitError)) throw error
		throw new LandingError(
			text("landing.pushFailed", {
				branch,
				remote: target.remote,
				reason: error.reason || error.message,
			}),
		)
	}
	const fetches = await gitText(tree.git, ["config", "--get-all", `remote.${target.remote}.fetch`], [1])
	if (fetches.split("\n").includes(`+refs/heads/*:refs/remotes/${target.remote}/*`))
		await tree.git.run(["update-ref", `refs/remotes/${target.remote}/${branch}`, tip])
}
