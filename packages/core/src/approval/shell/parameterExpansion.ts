import type { Node } from "web-tree-sitter"

/**
 * How the walker must treat one `${…}`. Its value is always only known when the line runs; what
 * matters is whether it can run anything, which it does only through the words inside it.
 */
export type ExpansionReading =
	/** `words` are expanded like any word (their substitutions run); `assigns` when it sets a variable. */
	| { kind: "analysed"; words: Node[]; assigns: boolean }
	/** A form the analyser does not model; substitutions inside are still searched so a denial sees them. */
	| { kind: "notAnalysed"; reason: string }

/** `${x:-w}`, `${x-w}`, `${x:+w}`, `${x+w}`, `${x:?w}`, `${x?w}`: the word is used or shown, never run. */
const wordOperators = new Set([":-", "-", ":+", "+", ":?", "?"])
/** `${x:=w}`, `${x=w}`: the word is also assigned to x. */
const assigningOperators = new Set([":=", "="])
/** Pattern removal, replacement and case changes: `${x#p}`, `${x/p/r}`, `${x^^p}`, … */
const patternOperators = new Set(["#", "##", "%", "%%", "/", "//", "/#", "/%", "^", "^^", ",", ",,"])
/**
 * `${x@Q}` and friends only quote, escape or change case. `P` is left out: prompt expansion runs
 * command substitutions found in the value (`promptvars` is on by default).
 */
const transformations = new Set(["Q", "E", "A", "a", "U", "u", "L", "K", "k"])

/**
 * Only integer literals and operators: arithmetic on them cannot run anything. A variable in
 * arithmetic is evaluated recursively, and `a[$(cmd)]` in its value runs cmd.
 */
const literalArithmetic = /^[\d\s+\-*/%()]+$/

/** An index that is no arithmetic: all elements, or a literal number. */
const literalIndex = /^(@|\*|-?\d+)$/

/**
 * Reads a `${…}` node of the bash grammar. Indirection (`${!x}`), prompt expansion (`${x@P}`),
 * indexes and offsets that are arithmetic on variables, and patterns the grammar leaves unparsed
 * with an expansion in them are not analysed. Inside double quotes or a heredoc, bash does not
 * treat `'…'` in the operand as quotes (`"${x:-'$(cmd)'}"` runs cmd) while the grammar does, so
 * single quotes there are not analysed either.
 */
export function readParameterExpansion(node: Node): ExpansionReading {
	const notAnalysed = (why = "is not analysed"): ExpansionReading => ({
		kind: "notAnalysed",
		reason: `the expansion ${node.text} ${why}`,
	})
	const children = node.children.filter((child): child is Node => child !== null)
	if (children[0]?.type !== "${" || children.at(-1)?.type !== "}") return notAnalysed()
	const inner = children.slice(1, -1)
	let next = 0
	const length = inner[0]?.type === "#" && !inner[0].isNamed
	if (length) next++
	const name = inner[next]
	// `${#}` alone is the number of arguments.
	if (name === undefined) return length ? analysed([]) : notAnalysed()
	if (name.type === "subscript") {
		const index = name.childForFieldName("index")
		if (index === null || !literalIndex.test(index.text))
			return notAnalysed("has an array index, which is arithmetic and is not analysed")
	} else if (name.type !== "variable_name" && name.type !== "special_variable_name") return notAnalysed()
	const [operator, ...operands] = inner.slice(next + 1)
	if (operator === undefined) return analysed([])
	if (length || operator.isNamed) return notAnalysed()

	const quoted = insideDoubleQuotes(node)
	if (quoted && operands.some(holdsSingleQuote))
		return notAnalysed("has single quotes inside double quotes, which bash reads differently")
	const op = operator.type
	if (wordOperators.has(op) || assigningOperators.has(op)) {
		if (operands.some((operand) => !operand.isNamed)) return notAnalysed()
		return { kind: "analysed", words: operands, assigns: assigningOperators.has(op) }
	}
	if (op === ":") {
		const offsets = operands.filter((operand) => operand.type !== ":" || operand.isNamed)
		if (offsets.length > 2 || !offsets.every((offset) => literalArithmetic.test(offset.text)))
			return notAnalysed("has an offset that is arithmetic on variables, which is not analysed")
		return analysed([])
	}
	if (op === "@") {
		const [letter, ...more] = operands
		if (letter === undefined || letter.isNamed || more.length > 0 || !transformations.has(letter.type))
			return notAnalysed()
		return analysed([])
	}
	if (patternOperators.has(op)) {
		const words: Node[] = []
		for (const operand of operands) {
			// The separator between the pattern and the replacement of `${x/p/r}`.
			if (!operand.isNamed && operand.type === "/" && op.startsWith("/")) continue
			if (!operand.isNamed) return notAnalysed()
			// The grammar keeps a pattern as unparsed text; an expansion left in it would run unseen.
			if (operand.type === "regex") {
				if (/[$`]/.test(operand.text))
					return notAnalysed("has a pattern with an expansion, which is not analysed")
				continue
			}
			words.push(operand)
		}
		return analysed(words)
	}
	return notAnalysed()
}

const analysed = (words: Node[]): ExpansionReading => ({ kind: "analysed", words, assigns: false })

/** Whether bash reads this expansion as inside double quotes (a string or a heredoc body). */
function insideDoubleQuotes(node: Node): boolean {
	for (let parent = node.parent; parent !== null; parent = parent.parent) {
		if (parent.type === "string" || parent.type === "heredoc_body") return true
		// A substitution starts a quoting context of its own.
		if (parent.type === "command_substitution" || parent.type === "process_substitution") return false
	}
	return false
}

function holdsSingleQuote(node: Node): boolean {
	if (node.type === "raw_string" || node.type === "ansi_c_string") return true
	if (node.type === "command_substitution" || node.type === "process_substitution") return false
	if (node.childCount === 0) return node.text.includes("'")
	return node.children.some((child) => child !== null && holdsSingleQuote(child))
}
