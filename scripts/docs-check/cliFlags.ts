import { readFile } from "node:fs/promises"
import path from "node:path"
import { readMarkdownPage } from "./markdownPage.js"
import type { DocsProblem } from "./relativeLinks.js"

/** The flags a command line accepts: the program's own and each subcommand's (by name and alias). */
export interface CliFlags {
	global: ReadonlySet<string>
	subcommands: ReadonlyMap<string, ReadonlySet<string>>
}

/** The part of a commander `Command` the check reads. */
export interface CommandDefinition {
	readonly options: readonly { short?: string; long?: string }[]
	readonly commands: readonly CommandDefinition[]
	name(): string
	aliases(): string[]
}

/** Reads the flags from commander's definition itself, so the check cannot drift from it. */
export function flagsOf(program: CommandDefinition): CliFlags {
	const flagsOfCommand = (command: CommandDefinition) => {
		const flags = new Set<string>(["-h", "--help"])
		for (const option of command.options) {
			if (option.short !== undefined) flags.add(option.short)
			if (option.long !== undefined) flags.add(option.long)
		}
		return flags
	}
	const subcommands = new Map<string, ReadonlySet<string>>()
	for (const command of program.commands) {
		const flags = flagsOfCommand(command)
		for (const name of [command.name(), ...command.aliases()]) subcommands.set(name, flags)
	}
	return { global: flagsOfCommand(program), subcommands }
}

/** `cairn` as a command word: at the start of the code or after a space, followed by its arguments. */
const invocation = /(?:^|\s)cairn(?=\s|$)(.*)$/
/** A word that ends the command: a comment, a pipe, a list or a redirection. */
const endOfCommand = /^(?:#.*|\|\|?|&&|;|[0-9]*>.*)$/
/** A flag as written in the docs, brackets of optional parts and trailing punctuation left off. */
const flagWord = /^[[(]*(--?[A-Za-z][\w-]*)(?:=.*)?[\]),.:]*$/
/** A code span that is a flag alone, with or without its value (`--output-format json`). */
const lonelyFlag = /^(--?[A-Za-z][\w-]*)(?:[ =].*)?$/

/**
 * Every flag given to `cairn` in the pages' code (code spans and code blocks) must be one the
 * program, or the subcommand the line names, defines. On `cliPages`, a code span that is only a
 * flag is taken as the CLI's flag too.
 */
export async function checkCliFlags(
	root: string,
	pages: readonly string[],
	cli: CliFlags,
	cliPages: readonly string[] = [],
): Promise<DocsProblem[]> {
	const everyFlag = new Set([
		...cli.global,
		...[...cli.subcommands.values()].flatMap((flags) => [...flags]),
	])
	const problems: DocsProblem[] = []
	for (const page of pages) {
		const { code } = readMarkdownPage(await readFile(path.join(root, page), "utf8"))
		for (const { text, line, span } of code) {
			const given = invocation.exec(text)
			if (given !== null) {
				for (const flag of unknownFlags(words(given[1] ?? ""), cli)) {
					problems.push({
						file: page,
						line,
						message: `cairn ${flag}: the command line has no such flag`,
					})
				}
			} else if (span && cliPages.includes(page)) {
				const flag = lonelyFlag.exec(text.trim())?.[1]
				if (flag !== undefined && !spelledFlags(flag).every((each) => everyFlag.has(each))) {
					problems.push({ file: page, line, message: `${flag}: the command line has no such flag` })
				}
			}
		}
	}
	return problems
}

function unknownFlags(args: readonly string[], cli: CliFlags): string[] {
	const until = args.findIndex((word) => endOfCommand.test(word))
	const own = until === -1 ? args : args.slice(0, until)
	const subcommand = own.find((word) => !word.startsWith("-") && !word.startsWith("["))
	const allowed = new Set([...cli.global, ...(cli.subcommands.get(subcommand ?? "") ?? [])])
	return own
		.map((word) => flagWord.exec(word)?.[1])
		.filter((flag): flag is string => flag !== undefined)
		.filter((flag) => !spelledFlags(flag).every((each) => allowed.has(each)))
}

/** `-yP` is `-y` and `-P`, as commander reads a bundle of short flags. */
function spelledFlags(flag: string): string[] {
	return flag.startsWith("--") ? [flag] : [...flag.slice(1)].map((letter) => `-${letter}`)
}

/** Splits a command's arguments as a shell would, keeping quoted words whole (quotes dropped). */
function words(text: string): string[] {
	return [...text.matchAll(/"[^"]*"|'[^']*'|\S+/g)].map((match) => match[0].replace(/^(["'])(.*)\1$/, "$2"))
}
