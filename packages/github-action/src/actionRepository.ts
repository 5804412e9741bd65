import { HardenedGit } from "@cairn/core/git"

/** Who commits: the account GitHub shows for work done with a job's token. */
const actionsIdentity = {
	GIT_AUTHOR_NAME: "github-actions[bot]",
	GIT_AUTHOR_EMAIL: "41898282+github-actions[bot]@users.noreply.github.com",
	GIT_COMMITTER_NAME: "github-actions[bot]",
	GIT_COMMITTER_EMAIL: "41898282+github-actions[bot]@users.noreply.github.com",
}

/**
 * What git needs to fetch from and push to `url` and nothing more: its transports, and for https the
 * job's token as a header for that server. actions/checkout leaves a header of its own under the same
 * key; an empty value first empties the list, so git sends one Authorization header, not two.
 */
export function remoteSettings(url: string, token: string): [string, string][] {
	const settings: [string, string][] = [
		["protocol.https.allow", "always"],
		["protocol.file.allow", "always"],
		["push.gpgSign", "false"],
		["push.recurseSubmodules", "no"],
	]
	if (!url.startsWith("https://")) return settings
	const key = `http.${new URL(url).origin}/.extraheader`
	const credentials = Buffer.from(`x-access-token:${token}`).toString("base64")
	return [...settings, [key, ""], [key, `AUTHORIZATION: basic ${credentials}`]]
}

/**
 * The checked-out repository the action works in, and the pushes that land its work, all through
 * the hardened git. Only fetch, ls-remote and push reach the remote: over https with the job's
 * token in a header (given in git's environment, never on a command line), or to a local folder.
 */
export class ActionRepository {
	private constructor(
		private readonly git: HardenedGit,
		private readonly remote: HardenedGit,
		private readonly url: string,
	) {}

	static async open(cwd: string, token: string): Promise<ActionRepository> {
		const git = await HardenedGit.forPerson({ cwd, variables: actionsIdentity, timeoutMs: 120_000 })
		const url = (await git.run(["config", "--get", "remote.origin.url"])).stdout.toString("utf8").trim()
		if (!/^(https:\/\/|\/)/.test(url))
			throw new Error(`origin is ${url}: the action pushes over https or to a local folder only`)
		const remote = await HardenedGit.forPerson({
			cwd,
			variables: actionsIdentity,
			timeoutMs: 120_000,
			settings: remoteSettings(url, token),
		})
		return new ActionRepository(git, remote, url)
	}

	/** Switches the work tree to `branch`: origin's when it has one (the work adds to it), else a new one from HEAD. */
	async checkOut(branch: string): Promise<void> {
		const ref = `refs/heads/${branch}`
		await this.git.run(["check-ref-format", ref])
		const listed = await this.remote.run(["ls-remote", "--heads", "--end-of-options", this.url, ref])
		if (listed.stdout.length > 0) {
			await this.remote.run(["fetch", "--no-tags", "--end-of-options", this.url, ref])
			await this.git.run(["switch", "--force-create", branch, "FETCH_HEAD"])
		} else await this.git.run(["switch", "--force-create", branch])
	}

	/** Commits everything in the work tree; the commit's hash, or undefined when nothing changed. */
	async commitAll(message: string): Promise<string | undefined> {
		await this.git.run(["add", "--all"])
		const staged = await this.git.run(["diff", "--cached", "--quiet"], { okExitCodes: [1] })
		if (staged.code === 0) return undefined
		await this.git.run(["commit", "--no-verify", "--quiet", "--file=-"], { input: message })
		return (await this.git.run(["rev-parse", "HEAD"])).stdout.toString("utf8").trim()
	}

	/** Pushes `commit` to origin's `branch`: a fast-forward only, so nothing pushed there before is lost. */
	async push(commit: string, branch: string): Promise<void> {
		await this.git.run(["check-ref-format", `refs/heads/${branch}`])
		await this.remote.run([
			"push",
			"--receive-pack=git-receive-pack",
			"--no-verify",
			"--end-of-options",
			this.url,
			`${commit}:refs/heads/${branch}`,
		])
	}
}
