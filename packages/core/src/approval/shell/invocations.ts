import path from "node:path"
import type { Parser } from "web-tree-sitter"
import {
	analyseShell,
	type Assignment,
	type Finding,
	type Redirection,
	type SimpleCommand,
} from "./shellAnalysis.js"
import { privilegedWrappers, shellCommandString, shells, unwrap } from "./commandWrappers.js"
import { findActions } from "./findActions.js"
import type { WordValue } from "./shellWords.js"

/** One program a line would start, seen through the wrappers that start it. */
export interface Invocation {
	/** The program as rules name it: `git` for `/usr/bin/git` or `\git`; `./gradlew` stays a path. */
	program: string
	args: WordValue[]
	/** Programs it runs under, outermost first (`sudo`, `env`, `xargs`, …), with their own arguments. */
	wrappers: { program: string; args: WordValue[] }[]
	/** Run under sudo or doas: the wrapper must be allowed as well as the program. */
	privileged: boolean
	/** xargs adds arguments read from its input when it runs. */
	appendsArgs: boolean
	/** Its environment: `NAME=value` before it or given to env. */
	assignments: { name: string; value: WordValue }[]
	/** A shell's `-c` string or eval's text, analysed as a line of its own: rules judge what it runs. */
	runsLine: boolean
	/** The simple command it came from, for messages. */
	source: string
}

export interface LineAnalysis {
	invocations: Invocation[]
	redirections: Redirection[]
	needsPerson: Finding[]
	notUnderstood: Finding[]
}

/** Folders whose programs are the system's own: `/usr/bin/touch` is `touch`. */
const systemFolders = new Set(["/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin", "/usr/local/sbin"])

/** How rules see a program name, or undefined when it cannot be known before it runs. */
export function programName(word: WordValue | undefined): string | undefined {
	if (word?.kind !== "literal" || word.text === "") return undefined
	const name = word.text
	if (name === ".") return "source"
	if (!name.includes("/")) return name
	const normalized = path.normalize(name)
	if (path.isAbsolute(normalized))
		return systemFolders.has(path.dirname(normalized)) ? path.basename(normalized) : normalized
	// `./git` is the workspace's own program, never the git a rule allows.
	return normalized.startsWith("../") ? normalized : `./${normalized}`
}

const emptyAnalysis = (): LineAnalysis => ({
	invocations: [],
	redirections: [],
	needsPerson: [],
	notUnderstood: [],
})

/** A line nested in a line (`bash -c`, `eval`) deeper than this is not analysed. */
const maxDepth = 4

/**
 * Every program a shell line would start, with wrappers (`env`, `sudo`, `xargs`, …) looked
 * through and `bash -c '…'` / `eval …` strings analysed as lines of their own.
 */
export function analyseLine(parser: Parser, line: string, depth = 0): LineAnalysis {
	const shell = analyseShell(parser, line)
	const result: LineAnalysis = {
		invocations: [],
		redirections: shell.redirections,
		needsPerson: shell.needsPerson,
		notUnderstood: shell.notUnderstood,
	}
	for (const command of shell.commands) resolve(parser, command, depth, result)
	return result
}

function resolve(parser: Parser, command: SimpleCommand, depth: number, into: LineAnalysis) {
	const notUnderstood = (reason: string) => into.notUnderstood.push({ reason, source: command.source })
	const wrappers: Invocation["wrappers"] = []
	const assignments: Invocation["assignments"] = command.assignments.map((a: Assignment) => ({
		name: a.name,
		value: a.value,
	}))
	let argv = command.argv
	let appendsArgs = false
	let privileged = false
	for (;;) {
		const program = programName(argv[0])
		if (program === undefined) {
			const shown = argv[0]?.source ?? ""
			return notUnderstood(`the program "${shown}" is only known when the line runs`)
		}
		const args = argv.slice(1)
		const base = path.basename(program)
		if (base === "find") {
			const actions = findActions(args)
			if ("notUnderstood" in actions) return notUnderstood(actions.notUnderstood)
			const find = { program, args: actions.findArgs }
			into.invocations.push({
				...find,
				wrappers,
				privileged,
				appendsArgs,
				assignments,
				runsLine: false,
				source: command.source,
			})
			for (const argv of actions.commands) {
				if (depth >= maxDepth) return notUnderstood("commands nested this deep are not analysed")
				const inner = emptyAnalysis()
				resolve(parser, { ...command, argv, assignments: [] }, depth + 1, inner)
				into.needsPerson.push(...inner.needsPerson)
				into.notUnderstood.push(...inner.notUnderstood)
				into.invocations.push(
					...inner.invocations.map((invocation) => ({
						...invocation,
						wrappers: [...wrappers, find, ...invocation.wrappers],
						privileged: privileged || invocation.privileged,
						assignments: [...assignments, ...invocation.assignments],
					})),
				)
			}
			return
		}
		const nested = nestedLine(base, args)
		if (nested !== undefined) {
			if ("notUnderstood" in nested) return notUnderstood(nested.notUnderstood)
			if (depth >= maxDepth) return notUnderstood("commands nested this deep are not analysed")
			if (appendsArgs) return notUnderstood("xargs would add arguments to a nested command line")
			const inner = analyseLine(parser, nested.line, depth + 1)
			into.redirections.push(...inner.redirections)
			into.needsPerson.push(...inner.needsPerson)
			into.notUnderstood.push(...inner.notUnderstood)
			// The shell or eval itself is listed too, so a rule denying "bash" or "eval" still applies.
			into.invocations.push(
				{
					program,
					args,
					wrappers: [...wrappers],
					privileged,
					appendsArgs,
					assignments,
					runsLine: true,
					source: command.source,
				},
				...inner.invocations.map((invocation) => ({
					...invocation,
					wrappers: [...wrappers, { program, args: [] }, ...invocation.wrappers],
					privileged: privileged || invocation.privileged,
					assignments: [...assignments, ...invocation.assignments],
				})),
			)
			return
		}
		const unwrapped = unwrap(base, args)
		if (unwrapped === undefined || unwrapped.kind === "runsNothing") {
			into.invocations.push({
				program,
				args,
				wrappers,
				privileged,
				appendsArgs,
				assignments,
				runsLine: false,
				source: command.source,
			})
			return
		}
		if (unwrapped.kind === "notUnderstood") return notUnderstood(unwrapped.reason)
		wrappers.push({ program, args: args.slice(0, unwrapped.index) })
		for (const { name, value } of unwrapped.assignments ?? [])
			assignments.push({ name, value: { kind: "literal", text: value, source: `${name}=${value}` } })
		appendsArgs ||= unwrapped.appendsArgs === true
		privileged ||= privilegedWrappers.has(base)
		argv = args.slice(unwrapped.index)
		if (argv.length === 0) {
			// `xargs` alone runs echo with its input.
			argv = [{ kind: "literal", text: "echo", source: "echo" }]
		}
	}
}

/** The line `bash -c '…'` or `eval …` would run, if the program is one of those. */
function nestedLine(
	base: string,
	args: WordValue[],
): { line: string } | { notUnderstood: string } | undefined {
	if (shells.has(base)) return shellCommandString(args)
	if (base !== "eval") return undefined
	const words = args.map((arg) => (arg.kind === "literal" ? arg.text : undefined))
	if (words.some((word) => word === undefined))
		return { notUnderstood: "eval's text is only known when it runs" }
	return { line: words.join(" ") }
}
