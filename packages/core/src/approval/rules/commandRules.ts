import path from "node:path"
import type { Parser } from "web-tree-sitter"
import type { Invocation } from "../shell/invocations.js"
import { programName } from "../shell/invocations.js"
import { analyseShell } from "../shell/shellAnalysis.js"
import type { WordValue } from "../shell/shellWords.js"

/**
 * A rule from `allowedCommands` / `deniedCommands`: a program and the arguments it starts with.
 * "git log" is { program: "git", args: ["log"] }; "*" allows any program.
 */
export interface CommandRule {
	/** As the person wrote it, for messages. */
	text: string
	program: string
	args: string[]
}

export const anyCommand = "*"

/**
 * Reads a rule the way the shell reads a command, so `git log`, `'git' log` and `/usr/bin/git log`
 * are one rule. A rule that is not a plain command (a pipe, an expansion) is ignored: undefined.
 */
export function parseRule(parser: Parser, text: string): CommandRule | undefined {
	const trimmed = text.trim()
	if (trimmed === "") return undefined
	if (trimmed === anyCommand) return { text: trimmed, program: anyCommand, args: [] }
	const analysis = analyseShell(parser, trimmed)
	const [command, ...others] = analysis.commands
	if (
		command === undefined ||
		others.length > 0 ||
		analysis.redirections.length > 0 ||
		analysis.needsPerson.length > 0 ||
		analysis.notUnderstood.length > 0 ||
		command.assignments.length > 0 ||
		command.argv.some((word) => word.kind !== "literal")
	)
		return undefined
	const program = programName(command.argv[0])
	if (program === undefined) return undefined
	return {
		text: trimmed,
		program,
		args: command.argv.slice(1).map((word) => (word as { text: string }).text),
	}
}

/**
 * Rules as parsed, by their text. The lists are the same for every command a task runs, so each
 * rule is parsed once, not at every approval; parsing depends on nothing but the text.
 */
const parsedRules = new Map<string, CommandRule | undefined>()

/** The rules of a list that are plain commands; the others are left out (see parseRule). */
export function parseRules(parser: Parser, texts: readonly string[]): CommandRule[] {
	return texts.flatMap((text) => {
		if (!parsedRules.has(text)) parsedRules.set(text, parseRule(parser, text))
		return parsedRules.get(text) ?? []
	})
}

/** How many leading arguments of `args` the rule's arguments cover exactly, or -1 when it does not cover them. */
export function allowCoverage(rule: CommandRule, program: string, args: WordValue[]): number {
	if (rule.program === anyCommand) return args.length
	if (rule.program !== program) return -1
	const covered = rule.args.every((expected, i) => {
		const arg = args[i]
		return arg?.kind === "literal" && arg.text === expected
	})
	return covered ? rule.args.length : -1
}

/**
 * Equivalents a denial of a program also denies, since they do the same thing under another
 * name: denying `rm` must not leave `unlink` or `git rm` free.
 */
const denyFamilies: Record<string, { program: string; args: string[] }[]> = {
	rm: [
		{ program: "unlink", args: [] },
		{ program: "rmdir", args: [] },
		{ program: "shred", args: [] },
		{ program: "git", args: ["rm"] },
		{ program: "git", args: ["clean"] },
		{ program: "find", args: ["-delete"] },
	],
}

/**
 * Whether a denied rule covers a program however it is spelled: by its name alone (`/opt/x/rm`
 * is rm), with the rule's arguments anywhere in order (`git -C . push` is `git push`). An
 * argument only known when it runs could be any of them: that is a `possible` match, denied all
 * the same, since nobody can check it before it runs.
 */
export function denyMatches(
	rule: CommandRule,
	program: string,
	args: WordValue[],
	appendsArgs: boolean,
): "match" | "possible" | undefined {
	// "*" in the denied commands denies every program.
	if (rule.program === anyCommand) return "match"
	const name = path.basename(program)
	const candidates = [
		{ program: path.basename(rule.program), args: rule.args },
		...(denyFamilies[rule.program] ?? []),
	]
	let found: "match" | "possible" | undefined
	for (const candidate of candidates) {
		if (candidate.program !== name) continue
		let next = 0
		let guessed = false
		for (const arg of args) {
			if (next >= candidate.args.length) break
			if (arg.kind === "literal" && arg.text === candidate.args[next]) next++
			else if (arg.kind !== "literal") {
				guessed = true
				next++
			}
		}
		if (next >= candidate.args.length && !guessed) return "match"
		if (next >= candidate.args.length || appendsArgs) found = "possible"
	}
	return found
}

/** The denied rule matching an invocation or any wrapper it runs under, with the program it matched. */
export function deniedBy(
	rules: readonly CommandRule[],
	invocation: Invocation,
): { rule: CommandRule; program: string; certain: boolean } | undefined {
	const levels = [
		...invocation.wrappers.map((wrapper) => ({ ...wrapper, appendsArgs: false })),
		{ program: invocation.program, args: invocation.args, appendsArgs: invocation.appendsArgs },
	]
	for (const level of levels) {
		for (const rule of rules) {
			const match = denyMatches(rule, level.program, level.args, level.appendsArgs)
			if (match) return { rule, program: level.program, certain: match === "match" }
		}
	}
	return undefined
}
