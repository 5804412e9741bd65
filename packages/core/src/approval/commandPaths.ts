import path from "node:path"
import { glob } from "tinyglobby"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import { cairnIgnoreFile } from "../workspace/ignoreRules.js"
import { isProtectedPath } from "../workspace/protectedPaths.js"
import { resolveWorkspacePath } from "../workspace/workspacePaths.js"
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

/** Why a command's paths need a person; `protectedPath` when it names a protected file. */
export interface PathFinding {
	reason: string
	protectedPath?: string
}

/** Programs that only print or test their arguments: the words are data, not files to open. */
const printsOnly = new Set(["echo", "printf", "true", "false", ":", "[", "[[", "test", "command", "exec"])
/** Programs that change the folder later commands run in. */
const changesFolder = new Set(["cd", "pushd"])
const maxPatternMatches = 1_000

/** The path inside an argument: the argument itself, or the value of `--option=value`. */
function pathCandidate(arg: string): string | undefined {
	if (!arg.startsWith("-")) return arg
	const at = arg.indexOf("=")
	return at === -1 ? undefined : arg.slice(at + 1)
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

	const checkWord = async (word: WordValue, what: string) => {
		if (word.kind === "dynamic") {
			findings.push({ reason: `${what} "${word.source}" is only known when the line runs, so the file it names cannot be checked` })
			return
		}
		const candidate = word.kind === "literal" ? pathCandidate(word.text) : word.text
		if (candidate === undefined || candidate === "" || harmlessTargets.has(candidate)) return
		const names = word.kind === "pattern" ? await expandPattern(candidate, bases, findings) : [candidate]
		for (const name of names) for (const base of bases) await checkPath(name, base, place, findings)
	}

	for (const invocation of analysis.invocations) {
		const words = [...invocation.wrappers.flatMap((wrapper) => wrapper.args), ...invocation.args]
		if (printsOnly.has(invocation.program) || invocation.runsLine) continue
		if (invocation.appendsArgs)
			findings.push({ reason: `"${invocation.source}" passes file names it reads when it runs, which cannot be checked` })
		for (const word of words) await checkWord(word, "the argument")
		for (const assignment of invocation.assignments) await checkWord(assignment.value, "the value")
	}
	for (const redirection of analysis.redirections) {
		if (redirection.effect === "read") await checkWord(redirection.target, "the file")
	}
	return dedupe(findings)
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
		const found = await glob(pattern, { cwd, dot: true, onlyFiles: false, followSymbolicLinks: false, expandDirectories: false })
		matches.push(...found.map((match) => path.resolve(cwd, match)))
		if (matches.length > maxPatternMatches) {
			findings.push({ reason: `the pattern "${pattern}" matches too many files to check` })
			return []
		}
	}
	return matches
}

async function checkPath(name: string, base: string, place: CommandPlace, findings: PathFinding[]) {
	const resolved = await resolveWorkspacePath(place.workspaceRoot, path.resolve(base, name))
	if (!resolved.ok) return
	const { relative, isOutsideWorkspace } = resolved.path
	if (isOutsideWorkspace) {
		findings.push({ reason: `it names ${resolved.path.absolute}, outside the workspace` })
		return
	}
	if (isProtectedPath(relative)) {
		findings.push({ reason: `it names the protected file ${relative}`, protectedPath: relative })
		return
	}
	if (!place.ignore.isAllowed(relative) || !place.ignore.isFolderAllowed(relative))
		findings.push({ reason: `it names ${relative}, which ${cairnIgnoreFile} blocks` })
}

function dedupe(findings: PathFinding[]): PathFinding[] {
	const seen = new Set<string>()
	return findings.filter((finding) => !seen.has(finding.reason) && seen.add(finding.reason))
}
