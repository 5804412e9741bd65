import { harmlessTargets } from "../shell/shellAnalysis.js"
import type { WordValue } from "../shell/shellWords.js"
import { isSpellingOf, readArguments, type ReadOption } from "./optionSyntax.js"
import {
	gitAnySubcommand,
	gitGlobal,
	gitSubcommands,
	programRisks,
	type OptionRisk,
	type ProgramRisks,
	type RiskEffect,
} from "./programRisks.js"

/**
 * An argument that turns a program people allow as harmless (a reader, a test runner) into one
 * that writes files or runs code of the caller's choosing: `git log --output=F`,
 * `npm test --script-shell=./x.sh`, `find -delete`, `python3 -c`, `tar xf`. Allowing the program
 * does not allow these: a rule must name the argument itself.
 */
export interface RiskyArgument {
	/** The argument as written, e.g. "--output=notes.txt"; the program's name for the program itself. */
	arg: string
	/** Where it was written among the arguments; -1 when the program itself is the risk (ssh, vim). */
	index: number
	/** What it makes the program do. */
	effect: RiskEffect
	/** The option it is, e.g. "--output", whatever abbreviation or bundle it was written in. */
	option: string
}

/** `python3.12` and `gawk` read their table as `python` and `gawk`; `pip3` as `pip`. */
const versionedName = (program: string) => program.replace(/(\d+(\.\d+)*)$/, "")

function risksOf(program: string): ProgramRisks | undefined {
	return programRisks[program] ?? programRisks[versionedName(program)]
}

/** Programs with a table: an argument only known when the line runs could be any of their risky ones. */
export function hasRiskTable(program: string): boolean {
	const name = versionedName(program)
	return risksOf(program) !== undefined || name === "git" || name === "tee" || name === "dd"
}

/** The risky arguments among `args` of `program` (literal arguments only; see hasRiskTable). */
export function riskyArguments(program: string, args: WordValue[]): RiskyArgument[] {
	// Patterns count with their text: `--output=*.txt` is still --output.
	const texts = args.map((arg) => (arg.kind === "dynamic" ? undefined : arg.text))
	const name = versionedName(program)
	if (name === "git") return gitRisks(texts)
	if (name === "make") return makeVariableRisks(texts)
	if (name === "tee" || name === "dd") return fileOperandRisks(name, texts)
	const risks = risksOf(program)
	return risks === undefined ? [] : tableRisks(program, risks, texts)
}

function tableRisks(program: string, risks: ProgramRisks, texts: (string | undefined)[]): RiskyArgument[] {
	const { options, operands } = readArguments(texts, risks.syntax)
	const found = options.flatMap((option) => {
		const risk = risks.options.find((candidate) => namedBy(option, candidate))
		return risk ? [riskOf(texts, option, risk)] : []
	})
	const { always, script } = risks
	if (risks.plusCommands)
		for (const { text, index } of operands.filter((operand) => operand.text.startsWith("+")))
			found.push({ arg: text, index, effect: "runs code", option: "+command" })
	if (always) found.push({ arg: program, index: -1, effect: always.effect, option: always.why })
	if (script) {
		const inline = options.filter((option) =>
			script.inline.some((name) => isSpellingOf(option.name, name)),
		)
		const files = options.filter((option) => script.file.some((name) => isSpellingOf(option.name, name)))
		// A file of program text cannot be checked before it runs.
		for (const file of files)
			found.push({
				arg: texts[file.index] ?? file.name,
				index: file.index,
				effect: "runs code",
				option: file.name,
			})
		const scripts =
			inline.length > 0 || files.length > 0
				? inline.map((option) => ({ text: option.value, index: option.index, option: option.name }))
				: operands.slice(0, 1).map((operand) => ({ ...operand, option: "its program text" }))
		for (const { text, index, option } of scripts) {
			// A script only known when it runs could be anything.
			if (text === undefined || script.check(text))
				found.push({ arg: texts[index] ?? "", index, effect: "runs code", option })
		}
	}
	return found
}

function namedBy(option: ReadOption, risk: OptionRisk): boolean {
	return risk.names.some((name) => isSpellingOf(option.name, name))
}

function riskOf(texts: (string | undefined)[], option: ReadOption, risk: OptionRisk): RiskyArgument {
	return {
		arg: texts[option.index] ?? option.name,
		index: option.index,
		effect: risk.effect,
		option: risk.names.find((name) => isSpellingOf(option.name, name)) ?? option.name,
	}
}

function gitRisks(texts: (string | undefined)[]): RiskyArgument[] {
	// Global options come before the subcommand; -C and -c take a value.
	const global = readArguments(texts, gitGlobal.syntax)
	const [subcommand] = global.operands
	const globalOptions = global.options.filter(
		(option) => subcommand === undefined || option.index < subcommand.index,
	)
	const found = globalOptions.flatMap((option) => {
		const risk = gitGlobal.options.find((candidate) => namedBy(option, candidate))
		return risk ? [riskOf(texts, option, risk)] : []
	})
	if (subcommand === undefined) return found
	const rest = texts.slice(subcommand.index + 1)
	const shift = (risk: RiskyArgument) => ({ ...risk, index: risk.index + subcommand.index + 1 })
	const special = gitSubcommands[subcommand.text]
	const optionRisks = Array.isArray(special) ? special : []
	found.push(
		...tableRisks(
			"git",
			{ ...gitAnySubcommand, options: [...gitAnySubcommand.options, ...optionRisks] },
			rest,
		).map(shift),
	)
	const literalRest = rest.flatMap((text) => (text === undefined ? [] : [text]))
	if (special === "always" || (typeof special === "function" && special(literalRest)))
		found.push({
			arg: subcommand.text,
			index: subcommand.index,
			effect: "runs code",
			option: subcommand.text,
		})
	return found
}

/** make's command-line variables: SHELL picks what runs recipes, and `$(shell …)` in a value runs. */
function makeVariableRisks(texts: (string | undefined)[]): RiskyArgument[] {
	const found = tableRisks("make", programRisks.make as ProgramRisks, texts)
	texts.forEach((arg, index) => {
		if (arg === undefined || !/^[^-=][^=]*=/.test(arg)) return
		const name = arg.slice(0, arg.indexOf("="))
		if (["SHELL", ".SHELLFLAGS", "MAKE", "MAKEFLAGS", "MAKEFILES"].includes(name) || /[$`]/.test(arg))
			found.push({ arg, index, effect: "runs code", option: arg })
	})
	return found
}

/** tee writes every file it names; dd writes its `of=` file. */
function fileOperandRisks(name: "tee" | "dd", texts: (string | undefined)[]): RiskyArgument[] {
	return texts.flatMap((arg, index) => {
		if (arg === undefined) return []
		const target =
			name === "tee"
				? arg.startsWith("-")
					? undefined
					: arg
				: arg.startsWith("of=")
					? arg.slice(3)
					: undefined
		if (target === undefined || harmlessTargets.has(target)) return []
		return [{ arg, index, effect: "writes files" as const, option: name === "tee" ? arg : "of=" }]
	})
}
