import { cairnIgnoreFile } from "../workspace/ignoreRules.js"
import type { WorkspaceAccess } from "./fileMentions.js"

/**
 * What a mention may show of one path git named (repository-relative, exactly as git holds
 * it); "unreadable" when git's output did not say the path exactly.
 */
export type GitPathVerdict = "shown" | "ignored" | "outside" | "unreadable"

/**
 * Judges the paths git names by the rules the file tools follow: a path is shown only when it
 * lies in the workspace and .cairnignore allows it. Git's paths are relative to the repository's
 * root; `prefix` (git rev-parse --show-prefix) is where the workspace sits in it.
 */
export class GitPathFilter {
	constructor(
		private readonly access: WorkspaceAccess,
		private readonly prefix: string,
	) {}

	verdict(repositoryPath: string | undefined): GitPathVerdict {
		if (repositoryPath === undefined) return "unreadable"
		if (!repositoryPath.startsWith(this.prefix)) return "outside"
		return this.access.ignore.isAllowed(repositoryPath.slice(this.prefix.length)) ? "shown" : "ignored"
	}
}

/** What a mention left out, counted by why, for the notes under it. */
export class LeftOut {
	private readonly counts = { ignored: 0, outside: 0, unreadable: 0 }

	/** True when the verdict lets the path be shown; counts it otherwise. */
	keeps(verdict: GitPathVerdict): boolean {
		if (verdict === "shown") return true
		this.counts[verdict]++
		return false
	}

	get any(): boolean {
		return this.counts.ignored + this.counts.outside + this.counts.unreadable > 0
	}

	/** The notes for the counts of `kinds` (all by default). */
	notes(kinds: readonly Exclude<GitPathVerdict, "shown">[] = ["ignored", "outside", "unreadable"]): string {
		const { ignored, outside, unreadable } = this.counts
		return [
			ignored > 0 && kinds.includes("ignored")
				? `\n[${ignored} changed files blocked by ${cairnIgnoreFile} are left out]`
				: "",
			outside > 0 && kinds.includes("outside")
				? `\n[${outside} changed files outside the workspace are left out]`
				: "",
			unreadable > 0 && kinds.includes("unreadable")
				? `\n[${unreadable} diff sections whose file name git did not give exactly are left out]`
				: "",
		].join("")
	}
}

const blurs = (char: string) => char === '"' || char === "\\" || char < " " || char === "\u007f"

/** A path as the model reads it: quoted when a tab, newline, quote or backslash would blur it. */
export const shownPath = (repositoryPath: string) =>
	[...repositoryPath].some(blurs) ? JSON.stringify(repositoryPath) : repositoryPath
