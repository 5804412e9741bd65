import type { Node, Parser } from "web-tree-sitter"
import { readParameterExpansion } from "./parameterExpansion.js"
import { ansiCText, bareWord, doubleQuotedText, expandTilde, type WordValue } from "./shellWords.js"

/** A program the line starts, with its arguments as far as they are known before it runs. */
export interface SimpleCommand {
	/** argv[0] is the program. */
	argv: WordValue[]
	/** `NAME=value` words before the program: its environment. */
	assignments: Assignment[]
	source: string
}

export interface Assignment {
	name: string
	value: WordValue
	source: string
}

/** A redirection to or from a file (fd duplications such as `2>&1` are not listed). */
export interface Redirection {
	effect: "read" | "write"
	target: WordValue
	source: string
}

/** Something in the line that a rule cannot allow, with why. */
export interface Finding {
	reason: string
	source: string
}

export interface ShellAnalysis {
	commands: SimpleCommand[]
	redirections: Redirection[]
	/** Understood, but only a person may allow it (a function definition, `export`, …). */
	needsPerson: Finding[]
	/** Not understood: the analyser cannot tell what would run, so a person decides. */
	notUnderstood: Finding[]
}

const collapse = (text: string) => text.trim().replace(/\s+/g, " ")
const shown = (node: Node) => {
	const text = collapse(node.text)
	return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** Statements and structure the walker looks through to the commands inside. */
const containers = new Set([
	"program",
	"list",
	"pipeline",
	"subshell",
	"negated_command",
	"do_group",
	"if_statement",
	"elif_clause",
	"else_clause",
	"while_statement",
	"case_item",
])

/** Leaf tokens of structure that carry no meaning of their own. */
const punctuation = new Set([
	"&&",
	"||",
	"|",
	"|&",
	";",
	";;",
	";&",
	";;&",
	"&",
	"\n",
	"(",
	")",
	"{",
	"}",
	"!",
	"if",
	"then",
	"fi",
	"elif",
	"else",
	"while",
	"until",
	"do",
	"done",
	"for",
	"in",
	"case",
	"esac",
	"select",
	"function",
	"comment",
])

/** Operators that send output to a file; the target decides whether that is a write. */
const writeOperators = new Set([">", ">>", ">|", "&>", "&>>", "<>"])
/** Targets that are no file: writing there changes nothing. */
export const harmlessTargets = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin"])

/**
 * Walks a bash syntax tree and lists every command it would run (also inside substitutions,
 * parameter expansions, heredocs, loops and subshells) with every redirection. It is
 * fail-closed: any node it has no rule for lands in `notUnderstood`, never silently skipped.
 */
class ShellWalker {
	readonly result: ShellAnalysis = { commands: [], redirections: [], needsPerson: [], notUnderstood: [] }

	constructor(private readonly parser: Parser) {}

	notUnderstood(node: Node, reason: string) {
		this.result.notUnderstood.push({ reason, source: shown(node) })
	}

	/**
	 * Text the grammar left unparsed (backticks inside `${…}` or a string) is not understood; the
	 * commands its backticks would run are still read from it, so a denial sees them.
	 */
	private unparsed(node: Node, reason: string) {
		this.notUnderstood(node, reason)
		for (const [, body = ""] of node.text.matchAll(/`((?:[^`\\]|\\.)*)`/g)) {
			const inner = analyseShell(this.parser, body.replace(/\\([$`\\])/g, "$1"))
			this.result.commands.push(...inner.commands)
			this.result.redirections.push(...inner.redirections)
			this.result.needsPerson.push(...inner.needsPerson)
			this.result.notUnderstood.push(...inner.notUnderstood)
		}
	}

	needsPerson(node: Node, reason: string) {
		this.result.needsPerson.push({ reason, source: shown(node) })
	}

	statement(node: Node): void {
		if (!node.isNamed) {
			if (!punctuation.has(node.type)) this.notUnderstood(node, `"${node.type}" is not understood`)
			return
		}
		if (node.isError || node.isMissing) return this.notUnderstood(node, "it is not valid shell syntax")
		if (containers.has(node.type)) {
			for (const child of node.children) if (child) this.statementOrWord(child)
			return
		}
		switch (node.type) {
			case "comment":
				return
			case "command":
				return this.command(node)
			case "redirected_statement":
				for (const child of node.children) {
					if (!child) continue
					if (isRedirect(child)) this.redirect(child)
					else this.statement(child)
				}
				return
			case "compound_statement":
				// `(( … ))` is arithmetic, which can run code through array subscripts.
				if (node.firstChild?.type === "((")
					return this.notUnderstood(node, "arithmetic is not analysed")
				for (const child of node.children) if (child) this.statement(child)
				return
			case "for_statement":
				for (const child of node.children) {
					if (!child) continue
					const field = fieldOf(child)
					if (field === "variable") continue
					if (field === "value") this.word(child)
					else this.statement(child)
				}
				return
			case "case_statement":
				for (const child of node.children) {
					if (!child) continue
					if (fieldOf(child) === "value") this.word(child)
					else this.statement(child)
				}
				return
			case "test_command":
				return this.testCommand(node)
			case "variable_assignment":
				this.assignment(node)
				return this.needsPerson(node, "it sets a shell variable that later commands see")
			case "variable_assignments":
				for (const child of node.namedChildren) if (child) this.assignment(child)
				return this.needsPerson(node, "it sets shell variables that later commands see")
			case "declaration_command":
			case "unset_command":
				this.wordsWithin(node)
				return this.needsPerson(node, "it changes variables that later commands see")
			case "function_definition": {
				const body = node.childForFieldName("body")
				if (body) this.statement(body)
				return this.needsPerson(
					node,
					"it defines a function, which can stand in for an allowed command",
				)
			}
			default:
				return this.notUnderstood(node, `"${node.type}" is not understood`)
		}
	}

	/** Inside case items and lists, patterns and words sit beside statements. */
	private statementOrWord(node: Node) {
		if (node.parent?.type === "case_item" && fieldOf(node) === "value") this.word(node)
		else this.statement(node)
	}

	private command(node: Node) {
		const command: SimpleCommand = { argv: [], assignments: [], source: collapse(node.text) }
		for (const child of node.children) {
			if (!child) continue
			const field = fieldOf(child)
			if (field === "name") {
				const name = child.firstNamedChild
				command.argv.unshift(name ? this.word(name) : { kind: "dynamic", source: child.text })
			} else if (field === "argument") command.argv.push(this.word(child))
			else if (child.type === "variable_assignment") {
				const assignment = this.assignment(child)
				if (assignment) command.assignments.push(assignment)
			} else if (isRedirect(child)) this.redirect(child)
			else if (child.type === "subscript" || !child.isNamed) {
				this.notUnderstood(child, `"${child.text}" in a command is not understood`)
			} else this.notUnderstood(child, `"${child.type}" in a command is not understood`)
		}
		if (command.argv.length === 0) {
			// Only assignments: they set shell variables for the rest of the line.
			if (command.assignments.length > 0)
				this.needsPerson(node, "it sets a shell variable that later commands see")
			return
		}
		this.result.commands.push(command)
	}

	private assignment(node: Node): Assignment | undefined {
		const name = node.childForFieldName("name")
		const value = node.childForFieldName("value")
		if (name?.type !== "variable_name") {
			this.notUnderstood(node, "an assignment to an array element is not analysed")
			return undefined
		}
		if (node.children.some((c) => c?.type === "+=")) {
			this.notUnderstood(node, "appending assignments are not analysed")
			return undefined
		}
		if (value?.type === "array") return this.arrayAssignment(node, name.text, value)
		const word: WordValue = value ? this.word(value) : { kind: "literal", text: "", source: "" }
		if (word.kind === "dynamic")
			this.notUnderstood(node, "an assignment that holds an expansion is not analysed")
		return { name: name.text, value: word, source: collapse(node.text) }
	}

	/** `arr=(a b c)`: each element is a word; an array is no text, so a program never gets it as its environment. */
	private arrayAssignment(node: Node, name: string, array: Node): Assignment {
		for (const element of array.namedChildren) {
			if (!element) continue
			const value = this.word(element)
			// `[i]=x` makes i arithmetic, which can run code through a variable's value.
			if (element.text.startsWith("["))
				this.notUnderstood(element, "an array element with an index is not analysed")
			else if (value.kind === "dynamic")
				this.notUnderstood(node, "an assignment that holds an expansion is not analysed")
		}
		return { name, value: { kind: "dynamic", source: array.text }, source: collapse(node.text) }
	}

	private testCommand(node: Node) {
		const opening = node.firstChild?.type
		if (opening === "[[" || opening === "((") {
			// [[ … ]] evaluates variables as arithmetic for -eq and friends, which can run code.
			if (/\s-(eq|ne|lt|le|gt|ge|v)\s/.test(` ${node.text} `) || opening === "((")
				return this.notUnderstood(node, "arithmetic comparisons in [[ ]] are not analysed")
		}
		const argv: WordValue[] = [{ kind: "literal", text: opening ?? "[", source: opening ?? "[" }]
		this.collectTestWords(node, argv)
		this.result.commands.push({ argv, assignments: [], source: collapse(node.text) })
	}

	private collectTestWords(node: Node, argv: WordValue[]) {
		for (const child of node.namedChildren) {
			if (!child) continue
			if (["unary_expression", "binary_expression", "parenthesized_expression"].includes(child.type))
				this.collectTestWords(child, argv)
			else if (child.type === "test_operator")
				argv.push({ kind: "literal", text: child.text, source: child.text })
			else if (child.type === "regex")
				argv.push({ kind: "literal", text: child.text, source: child.text })
			else argv.push(this.word(child))
		}
	}

	private redirect(node: Node) {
		if (node.type === "heredoc_redirect") return this.heredoc(node)
		if (node.type === "herestring_redirect") {
			for (const child of node.namedChildren) if (child) this.word(child)
			return
		}
		const operator = node.children.find((child) => child && !child.isNamed)?.type ?? ""
		const destination = node.childForFieldName("destination")
		if (!destination) return this.notUnderstood(node, "a redirection without a target is not understood")
		const target = this.word(destination)
		const isNumber = target.kind === "literal" && /^\d+-?$|^-$/.test(target.text)
		if ((operator === ">&" || operator === "<&") && isNumber) return // fd duplication or closing
		if (operator === ">&" || writeOperators.has(operator)) {
			if (target.kind === "literal" && harmlessTargets.has(target.text)) return
			this.result.redirections.push({ effect: "write", target, source: collapse(node.text) })
			return
		}
		if (operator === "<") {
			this.result.redirections.push({ effect: "read", target, source: collapse(node.text) })
			return
		}
		this.notUnderstood(node, `the redirection "${operator}" is not understood`)
	}

	private heredoc(node: Node) {
		const start = node.children.find((child) => child?.type === "heredoc_start")
		// A quoted delimiter (<<'EOF', <<"EOF", <<\EOF) makes the body plain text.
		const quoted = start !== undefined && start !== null && /['"\\]/.test(start.text)
		for (const child of node.children) {
			if (!child || child.type === "heredoc_start" || child.type === "heredoc_end" || !child.isNamed)
				continue
			if (child.type === "heredoc_body") {
				if (!quoted) this.heredocBody(child)
				continue
			}
			if (isRedirect(child)) this.redirect(child)
			else this.statement(child)
		}
	}

	private heredocBody(body: Node) {
		if (body.namedChildCount === 0) return this.heredocText(body, body.text)
		for (const child of body.namedChildren) {
			if (!child) continue
			if (child.type === "heredoc_content") this.heredocText(child, child.text)
			else this.word(child)
		}
	}

	/** Unquoted heredoc text is expanded like a double-quoted string; leftovers are not understood. */
	private heredocText(node: Node, text: string) {
		if (doubleQuotedText(text) === undefined)
			this.notUnderstood(node, "a heredoc body with an expansion the parser did not separate")
	}

	/** Every word and substitution under a node whose words are not arguments of a command. */
	private wordsWithin(node: Node) {
		for (const child of node.namedChildren) {
			if (!child) continue
			if (child.type === "variable_assignment") this.assignment(child)
			else if (child.type !== "variable_name") this.word(child)
		}
	}

	/** What a word expands to; substitutions inside it are walked as commands of their own. */
	word(node: Node): WordValue {
		const source = node.text
		const parts = node.type === "concatenation" ? node.children.flatMap((c) => (c ? [c] : [])) : [node]
		let text = ""
		let pattern = false
		let dynamic = false
		parts.forEach((part, index) => {
			const value = this.wordPart(part, index === 0)
			if (value === undefined) {
				dynamic = true
				return
			}
			text += value.text
			pattern ||= value.pattern
		})
		if (dynamic) return { kind: "dynamic", source }
		return pattern ? { kind: "pattern", text, source } : { kind: "literal", text, source }
	}

	/** One part of a word: its text and whether it is a pattern, or undefined when it is dynamic. */
	private wordPart(node: Node, first: boolean): { text: string; pattern: boolean } | undefined {
		switch (node.type) {
			case "word":
			case "number": {
				const word = bareWord(node.text)
				if (word === undefined) {
					this.unparsed(node, `the word "${node.text}" is not understood`)
					return undefined
				}
				if (first && word.text.startsWith("~") && !node.text.startsWith("\\")) {
					const home = expandTilde(word.text)
					if (home === undefined) return undefined
					return { text: home, pattern: word.pattern }
				}
				return word
			}
			case "extglob_pattern":
				return { text: node.text, pattern: true }
			case "raw_string":
				return { text: node.text.slice(1, -1), pattern: false }
			case "ansi_c_string": {
				const text = ansiCText(node.text)
				if (text === undefined) this.notUnderstood(node, `the string ${node.text} is not understood`)
				return text === undefined ? undefined : { text, pattern: false }
			}
			case "string":
				return this.doubleQuoted(node)
			case "simple_expansion":
				return undefined
			case "expansion":
				this.expansion(node)
				return undefined
			case "command_substitution":
			case "process_substitution":
				this.substitution(node)
				return undefined
			case "arithmetic_expansion":
				if (node.descendantsOfType(["variable_name", "command_substitution", "subscript"]).length > 0)
					this.notUnderstood(node, "arithmetic on variables is not analysed")
				return undefined
			case "brace_expression":
				return { text: node.text, pattern: true }
			default:
				this.notUnderstood(node, `"${node.type}" in a word is not understood`)
				return undefined
		}
	}

	private doubleQuoted(node: Node): { text: string; pattern: boolean } | undefined {
		let text = ""
		let dynamic = false
		for (const child of node.children) {
			if (!child || child.type === '"') continue
			if (child.type === "string_content") {
				const content = doubleQuotedText(child.text)
				if (content === undefined) {
					this.unparsed(
						child,
						`the string "${child.text}" holds an expansion that is not understood`,
					)
					dynamic = true
				} else text += content
				continue
			}
			const part = this.wordPart(child, false)
			if (part === undefined) dynamic = true
			else text += part.text
		}
		return dynamic ? undefined : { text, pattern: false }
	}

	/** What `${…}` runs is what the words inside it run; forms that are not modelled are not understood. */
	private expansion(node: Node) {
		const reading = readParameterExpansion(node)
		if (reading.kind === "notAnalysed") {
			this.substitutionsWithin(node)
			return this.unparsed(node, reading.reason)
		}
		for (const word of reading.words) this.word(word)
		if (reading.assigns) this.needsPerson(node, "it sets a shell variable that later commands see")
	}

	/** Walks the substitutions under a node that is not understood, so a denial still sees what they run. */
	private substitutionsWithin(node: Node) {
		for (const child of node.namedChildren) {
			if (!child) continue
			if (child.type === "command_substitution" || child.type === "process_substitution")
				this.substitution(child)
			else this.substitutionsWithin(child)
		}
	}

	private substitution(node: Node) {
		// Backticks re-read their text after removing backslashes: nested quoting is not modelled.
		if (node.firstChild?.type === "`" && node.text.slice(1, -1).includes("\\"))
			return this.notUnderstood(node, "backslashes inside backticks are not analysed")
		for (const child of node.namedChildren) if (child) this.statement(child)
	}
}

function fieldOf(node: Node): string | null {
	const parent = node.parent
	if (!parent) return null
	for (let i = 0; i < parent.childCount; i++) {
		if (parent.child(i)?.id === node.id) return parent.fieldNameForChild(i)
	}
	return null
}

const isRedirect = (node: Node) =>
	node.type === "file_redirect" || node.type === "heredoc_redirect" || node.type === "herestring_redirect"

/** Control characters other than newline and tab: a terminal's line editor acts on them (CR ends a line). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\x00-\x08\x0b-\x1f\x7f]/

/**
 * Whether a terminal's line editor would read `line` differently from a parser (a carriage
 * return ends the line there, Ctrl+U erases it): such a line must not be typed into a terminal.
 */
export const hasTerminalControlCharacter = (line: string): boolean => controlCharacter.test(line)

/** Everything a bash line would run, or why it is not understood. */
export function analyseShell(parser: Parser, line: string): ShellAnalysis {
	const walker = new ShellWalker(parser)
	const control = controlCharacter.exec(line)
	if (control !== null) {
		const code = control[0].charCodeAt(0).toString(16).padStart(2, "0")
		walker.result.notUnderstood.push({
			reason: `it contains the control character 0x${code}, which a terminal could read as a new line or an edit`,
			source: collapse(line),
		})
		return walker.result
	}
	const tree = parser.parse(line)
	if (tree === null) {
		walker.result.notUnderstood.push({
			reason: "the shell parser gave no result",
			source: collapse(line),
		})
		return walker.result
	}
	try {
		if (tree.rootNode.hasError) {
			walker.result.notUnderstood.push({
				reason: "it is not valid shell syntax",
				source: collapse(line),
			})
			return walker.result
		}
		walker.statement(tree.rootNode)
		return walker.result
	} finally {
		tree.delete()
	}
}
