/**
 * A remote's URL as Cairn pushes to it: only over git's own transports (https, http, ssh, git,
 * a folder), never through a remote helper (`ext::<command>`, `<helper>::<address>`), which would
 * start a program the repository's configuration names.
 */
export function isPlainTransport(url: string): boolean {
	if (url.startsWith("-") || url.includes("::") || /[\0\n\r]/.test(url)) return false
	const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url)?.[1]
	if (scheme !== undefined) return ["https", "http", "ssh", "git", "file"].includes(scheme.toLowerCase())
	// A folder, or ssh's short form `[user@]host:path` (a colon before any slash).
	return true
}

/** The host and the "owner/name" path a remote URL names (https, ssh:// and `git@host:owner/name` forms). */
export function remoteSite(url: string): { host: string; path: string } | undefined {
	const full = /^(?:https?|ssh|git):\/\/(?:[^@/]*@)?([^/:]+)(?::\d+)?\/(.+)$/i.exec(url)
	const short = /^(?:[^@/:]+@)?([^/:]+):(?!\/)(.+)$/.exec(url)
	const [, host, path] = full ?? short ?? []
	if (host === undefined || path === undefined) return undefined
	const trimmed = path.replace(/\/+$/, "").replace(/\.git$/, "")
	return trimmed.includes("/") ? { host: host.toLowerCase(), path: trimmed } : undefined
}

/** Which forge hosts a remote, as far as its URL tells: GitHub's or GitLab's own sites (or a GitLab of its own name). */
export function forgeOf(url: string): "github" | "gitlab" | undefined {
	const host = remoteSite(url)?.host
	if (host === "github.com") return "github"
	if (host !== undefined && (host === "gitlab.com" || host.startsWith("gitlab."))) return "gitlab"
	return undefined
}

/**
 * The page where the person opens a pull request (GitHub) or merge request (GitLab) for `branch`,
 * or undefined for another host, which Cairn cannot know the page of.
 */
export function compareUrl(remote: string, branch: string, base: string | undefined): string | undefined {
	const site = remoteSite(remote)
	if (site === undefined) return undefined
	const project = `https://${site.host}/${site.path}`
	const forge = forgeOf(remote)
	if (forge === "github") {
		const range =
			base === undefined
				? encodeURIComponent(branch)
				: `${encodeURIComponent(base)}...${encodeURIComponent(branch)}`
		return `${project}/compare/${range.replace(/%2F/g, "/")}?expand=1`
	}
	if (forge === "gitlab") {
		const target = base === undefined ? "" : `&merge_request[target_branch]=${encodeURIComponent(base)}`
		return `${project}/-/merge_requests/new?merge_request[source_branch]=${encodeURIComponent(branch)}${target}`
	}
	return undefined
}
