import path from "node:path"
import { glob } from "tinyglobby"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import { cairnIgnoreFile } from "../workspace/ignoreRules.js"
import { isProtectedPath } from "../workspace/protectedPaths.js"
import { resolveWorkspacePath } from "../workspace/workspacePaths.js"
import { checkFolderContents, readsFoldersWhole } from "./folderContents.js"
import { foundName } from "./shell/findActions.js"
import type { LineAnalysis } from "./shell/invocations.js"
import { harmlessTargets } from "./shell/shellAnalysis.js"
import type { WordValue } from "./shell/shellWords.js"

/** Where a command runs and what it may not touch unasked. */
export interface CommandPlace {
	workspaceRoot: string
	/** The absolute folder the command starts in. */
	cwd: string
	ignore: CairnIgnore
}

/**
 * Why a command's paths need a person; `protectedPath` when it names a protected file,
 * `ignoredPath` when it names (or reads a folder holding) a file the ignore file blocks.
 */
export interface PathFinding {
	reason: string
	protectedPath?: string
	ignoredPath?: string
}

/** Programs that only print or test their arguments: the words are data, not files to open. */
const printsOnly = new Set(["echo", "printf", "true", "false", ":", "[", "[[", "test", "command", "exec"])
/** Programs that change the folder later commands run in. */
const changesFolder = new Set(["cd", "pushd"])
const maxPatternMatches = 1_000

/**
 * The paths an argument may name: itself (unless it is an option), and the value after its
 * first `=` (`--output=F`, dd's `of=F`, `--git-dir=.git`).
 */
function pathCandidates(arg: string): string[] {
	const at = arg.indexOf("=")
	return [
		...(arg.startsWith("-") ? [] : [arg]),
		...(at === -1 ? [] : [arg.slice(at + 1)]),
		...attachedValues(arg),
	]
}

/**
 * A path glued to a short option (`-t.git/hooks`, `-xzf./a.tar`, `-osub/out`): the text after the
 * option letters from its first `.` or `/`, and the text after the first letter when it holds a
 * `/`. A wrong guess only names a file that is checked for nothing.
 */
function attachedValues(arg: string): string[] {
	if (!/^-[A-Za-z]/.test(arg) || arg.includes("=")) return []
	const rest = arg.slice(2)
	const fromPathStart = /^[A-Za-z]*([./].*)$/.exec(rest)?.[1]
	return [...new Set([...(fromPathStart ? [fromPathStart] : []), ...(rest.includes("/") ? [rest] : [])])]
}

/**
 * Checks every file a command line names (its arguments, the values of `--opt=value`, glob
 * patterns expanded, redirection targets) against the workspace's rules: outside the workspace
 * after following symlinks, protected, or blocked by the ignore file. A word only known when the
 * line runs could name any file, so it needs a person too, unless the program only prints it.
 */
export async function checkCommandPaths(analysis: LineAnalysis, place: CommandPlace): Promise<PathFinding[]> {
	const findings: PathFinding[] = []
	const bases = [place.cwd]
	// A `cd` earlier in the line moves later relative paths; checking against every folder the
	// line may be in is a superset of where it really is.
	for (const invocation of analysis.invocations) {
		if (!changesFolder.has(invocation.program)) continue
		const [target, ...rest] = invocation.args
		if (target?.kind !== "literal" || rest.length > 0 || target.text === "-")
			findings.push({ reason: `"${invocation.source}" changes to a folder that cannot be checked` })
		else for (const base of [...bases]) bases.push(path.resolve(base, target.text))
	}

	/** Workspace paths the arguments name that passed, for the folder check of recursive readers. */
	const checked: string[] = []
	const checkWord = async (word: WordValue, what: string, program?: string) => {
		if (word.kind === "dynamic") {
			findings.push({
				reason: `${what} "${word.source}" is only known when the line runs, so the file it names cannot be checked`,
			})
			return
		}
		const candidates =
			word.kind === "literal"
				? [
						...pathCandidates(word.text),
						...(program === "git" ? revisionPaths(word.text, place) : []),
					]
				: [word.text]
		for (const candidate of candidates) {
			if (candidate === "" || harmlessTargets.has(candidate)) continue
			const names =
				word.kind === "pattern" ? await expandPattern(candidate, bases, findings) : [candidate]
			for (const name of names)
				for (const base of bases) {
					const relative = await checkPath(name, base, place, findings)
					if (relative !== undefined) checked.push(relative)
				}
		}
	}

	for (const invocation of analysis.invocations) {
		// find's `{}` is a name it found under its start points, which are checked with it.
		const words = [...invocation.wrappers.flatMap((wrapper) => wrapper.args), ...invocation.args].filter(
			(word) => word !== foundName,
		)
		if (printsOnly.has(invocation.program) || invocation.runsLine) continue
		if (invocation.appendsArgs)
			findings.push({
				reason: `"${invocation.source}" passes file names it reads when it runs, which cannot be checked`,
			})
		const [checkedBefore, foundBefore] = [checked.length, findings.length]
		for (const word of words) await checkWord(word, "the argument", invocation.program)
		for (const assignment of invocation.assignments) await checkWord(assignment.value, "the value")
		// A path that did not pass was named all the same: the reader does not fall back to its folder.
		if (readsFoldersWhole(invocation) && findings.length === foundBefore)
			await checkFolderContents(checked.slice(checkedBefore), bases, place, findings)
	}
	for (const redirection of analysis.redirections) {
		if (redirection.effect === "read") await checkWord(redirection.target, "the file")
	}
	return dedupe(findings)
}

/**
 * The file of git's `<revision>:<path>` (`git show HEAD:secrets/key`): from the repository's top
 * (taken as the workspace's), or from the current folder when it starts with `./` or `../`.
 */
function revisionPaths(arg: string, place: CommandPlace): string[] {
	const match = /^[^:/\s-][^:\s]*:(.+)$/.exec(arg) ?? /^:(?:[0-3]:)?(.+)$/.exec(arg)
	const file = match?.[1]
	if (file === undefined || file.startsWith("/")) return []
	return file.startsWith("./") || file.startsWith("../") ? [file] : [path.join(place.workspaceRoot, file)]
}

async function expandPattern(pattern: string, bases: string[], findings: PathFinding[]): Promise<string[]> {
	if (pattern.includes("**") || /\{[^}]*\.\.[^}]*\}/.test(pattern)) {
		findings.push({ reason: `the pattern "${pattern}" is not expanded to be checked` })
		return []
	}
	if (path.isAbsolute(pattern) || pattern.startsWith("~") || pattern.split("/").includes("..")) {
		findings.push({ reason: `the pattern "${pattern}" reaches outside the workspace` })
		return []
	}
	const matches: string[] = []
	for (const cwd of bases) {
		// Dot files too: a shell with dotglob (or zsh's GLOB_DOTS) would pass them.
		const found = await glob(pattern, {
			cwd,
			dot: true,
			onlyFiles: false,
			followSymbolicLinks: false,
			expandDirectories: false,
		})
		matches.push(...found.map((match) => path.resolve(cwd, match)))
		if (matches.length > maxPatternMatches) {
			findings.push({ reason: `the pattern "${pattern}" matches too many files to check` })
			return []
		}
	}
	return matches
}

/** Checks one path; returns it workspace-relative when it passed. */
async function checkPath(
	name: string,
	base: string,
	place: CommandPlace,
	findings: PathFinding[],
): Promise<string | undefined> {
	const resolved = await resolveWorkspacePath(place.workspaceRoot, path.resolve(base, name))
	if (!resolved.ok) return undefined
	const { relative, isOutsideWorkspace } = resolved.path
	if (isOutsideWorkspace) {
		findings.push({ reason: `it names ${resolved.path.absolute}, outside the workspace` })
		return undefined
	}
	if (isProtectedPath(relative)) {
		findings.push({ reason: `it names the protected file ${relative}`, protectedPath: relative })
		return undefined
	}
	if (!place.ignore.isAllowed(relative) || !place.ignore.isFolderAllowed(relative)) {
		findings.push({
			reason: `it names ${relative}, which ${cairnIgnoreFile} blocks`,
			ignoredPath: relative,
		})
		return undefined
	}
	return relative
}

function dedupe(findings: PathFinding[]): PathFinding[] {
	const seen = new Set<string>()
	return findings.filter((finding) => !seen.has(finding.reason) && seen.add(finding.reason))
}
