import { createHash } from "node:crypto"
import { realpath } from "node:fs/promises"
import path from "node:path"
import { loadShellParser } from "../../approval/shell/shellParser.js"
import { analyseLine } from "../../approval/shell/invocations.js"
import type { WordValue } from "../../approval/shell/shellWords.js"
import { openRegularFile } from "../../workspace/repositoryFile.js"
import { implicitHookFiles } from "./implicitHookFiles.js"
import { isInside } from "../../workspace/workspacePaths.js"

/**
 * What one path a hook command names is now: the SHA-256 of a regular file, or why there is no
 * content to hash. Any change of it (a rewritten, removed, added or re-linked file) is a change
 * of what the hook runs.
 */
export interface NamedFile {
	/** Workspace-relative, as the command resolves it. */
	path: string
	state: string
}

export type HookFiles =
	| { kind: "known"; files: NamedFile[] }
	/** What the command runs depends on something only known when it runs: no consent can cover it. */
	| { kind: "unknowable"; reason: string }

/** Programs that change the folder the rest of the line runs in. */
const changesFolder = new Set(["cd", "pushd"])

/**
 * The paths a word may name: the word itself unless it is an option, the value after the first
 * `=` (`--config=lint.json`), and nothing for a bare program name, which the shell finds on PATH.
 */
function candidates(word: string, isProgram: boolean): string[] {
	if (isProgram) return word.includes("/") ? [word] : []
	const at = word.indexOf("=")
	return [...(word.startsWith("-") ? [] : [word]), ...(at === -1 ? [] : [word.slice(at + 1)])]
}

/**
 * Hashes the file at `absolute` without following it into a FIFO or a device (the repository
 * reader's opener), or says what is there instead.
 */
async function stateOf(absolute: string, workspaceRoot: string): Promise<string> {
	let real: string
	try {
		real = await realpath(absolute)
	} catch {
		return "absent"
	}
	if (!isInside(workspaceRoot, real)) return `outside ${real}`
	const opened = await openRegularFile(real)
	if (opened.kind === "absent") return "absent"
	if (opened.kind === "skipped") return opened.why
	try {
		const hash = createHash("sha256")
		for await (const chunk of opened.handle.createReadStream({ autoClose: false }))
			hash.update(chunk as Buffer)
		return `sha256 ${hash.digest("hex")} at ${path.relative(workspaceRoot, real)}`
	} finally {
		await opened.handle.close()
	}
}

/** A word as written, quoted for a message unless it carries its own quotes. */
const shown = (source: string) => (/^["']/.test(source) ? source : `"${source}"`)

const unknowable = (word: WordValue, why: string): HookFiles => ({
	kind: "unknowable",
	reason: `${shown(word.source)} ${why}`,
})

/**
 * The workspace files a hook command names, read with the command analyser: every literal word
 * (and `--opt=value`, and what it reads with `<`) that resolves inside the workspace, with what
 * it is now. A script the
 * command runs (`sh scripts/fmt.sh`, `./tools/lint`, `node x.js`) is among them, and so are the
 * files a program takes its instructions from (package.json for `npm run`), so the consent to
 * the hook covers the script. A word known only when the command runs (a variable, a
 * substitution, a glob) or a line the analyser does not fully understand makes the files
 * unknowable, and then no consent can cover the hook.
 */
export async function hookFiles(command: string, workspaceRoot: string): Promise<HookFiles> {
	const analysis = analyseLine(await loadShellParser(), command)
	const unclear = [...analysis.notUnderstood, ...analysis.needsPerson][0]
	if (unclear !== undefined) return { kind: "unknowable", reason: `"${unclear.source}": ${unclear.reason}` }

	const root = await realpath(workspaceRoot)
	const bases = [root]
	const words: { word: WordValue; isProgram: boolean }[] = []
	for (const invocation of analysis.invocations) {
		if (invocation.appendsArgs)
			return {
				kind: "unknowable",
				reason: `"${invocation.source}" adds arguments it reads when it runs`,
			}
		const program = { kind: "literal", text: invocation.program, source: invocation.program } as const
		words.push({ word: program, isProgram: true })
		for (const wrapper of invocation.wrappers) {
			words.push({
				word: { ...program, text: wrapper.program, source: wrapper.program },
				isProgram: true,
			})
			for (const arg of wrapper.args) words.push({ word: arg, isProgram: false })
		}
		for (const assignment of invocation.assignments)
			words.push({ word: assignment.value, isProgram: false })
		for (const arg of invocation.args) words.push({ word: arg, isProgram: false })
		for (const file of implicitHookFiles(invocation.program, invocation.args))
			words.push({ word: { kind: "literal", text: file, source: file }, isProgram: false })
		const [target] = invocation.args
		// Later words resolve against every folder the line may be in: a superset of the real one.
		if (changesFolder.has(invocation.program) && target?.kind === "literal")
			for (const base of [...bases]) bases.push(path.resolve(base, target.text))
	}
	// What the hook only writes (`> hook.log`) is its output, not code it runs: counting it would
	// make every run of the hook change what was agreed to.
	for (const redirection of analysis.redirections)
		if (redirection.effect === "read") words.push({ word: redirection.target, isProgram: false })

	const files = new Map<string, string>()
	for (const { word, isProgram } of words) {
		if (word.kind === "dynamic") return unknowable(word, "is only known when the hook runs")
		if (word.kind === "pattern")
			return unknowable(word, "is a pattern whose files change as files are added")
		for (const candidate of candidates(word.text, isProgram)) {
			if (candidate === "") continue
			for (const base of bases) {
				const absolute = path.resolve(base, candidate)
				// Files outside the workspace are the system's or the person's, not the repository's.
				if (!isInside(root, absolute)) continue
				const relative = path.relative(root, absolute) || "."
				if (!files.has(relative)) files.set(relative, await stateOf(absolute, root))
			}
		}
	}
	return {
		kind: "known",
		files: [...files]
			.map(([file, state]) => ({ path: file, state }))
			.sort((a, b) => (a.path < b.path ? -1 : 1)),
	}
}
