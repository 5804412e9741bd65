/**
 * No new English reaches a translated UI from the host. The webview words what it shows from
 * kinds and keys (its locale files, `problem` kinds, the core's `hostText`); a sentence the core
 * or the types package writes in English into a field a client shows is a string a German or
 * Japanese person would read in English. This scans the sources for such sentences:
 * - a row's text: `say`/`ask`/`showRow` given a literal sentence, or an error's `.message`,
 *   without the problem or notice (kind + parameters) that lets the client word it;
 * - an error reply (`{ type: "error", error }`) given a literal sentence;
 * - a slash command's or a mode's words (`description`/`argumentHint` beside `source` or
 *   `argumentHint`, `name` beside `slug`) given as literals;
 * - a problem told as a sentence: an `error` or `message` beside a `status` or a `file` (an MCP
 *   server's state, a config file's problem) without the `problem` that lets the client word it,
 *   and a sentence put into a list of `problems` (a modes file's).
 * What is known and handled (or not yet) is listed below with why; a stale entry fails too.
 */
import { readFile } from "node:fs/promises"
import path from "node:path"
import { glob } from "tinyglobby"
import ts from "typescript"
import { describe, expect, it } from "vitest"

const repository = path.resolve(import.meta.dirname, "../../../..")

interface Finding {
	file: string
	/** What the field is: the call or property the text goes to. */
	field: string
	/** The literal's text (a template's parts joined by …), or the expression given. */
	text: string
}

interface Allowed extends Finding {
	why: string
	/** The webview file that words this itself, and what it must name for that to hold. */
	wordedBy?: { file: string; names: string }
}

const allowed: readonly Allowed[] = [
	...["Code", "Architect", "Ask", "Debug", "Orchestrator"].map((name) => ({
		file: "packages/core/src/modes/modes.ts",
		field: "name",
		text: name,
		why: "the webview names built-in modes from its locales",
		wordedBy: { file: "webview-ui/src/components/modes/modeName.ts", names: `"${name.toLowerCase()}"` },
	})),
	...[
		["new", "description", "Start a new task; the text after it is the task"],
		["new", "argumentHint", "[task]"],
		["mode", "description", "Switch the mode (…); text after it is sent in the new mode"],
		["mode", "argumentHint", "<mode> [message]"],
		["condense", "description", "Condense the task's context now; text after it is sent afterwards"],
		["condense", "argumentHint", "[message]"],
	].map(([command = "", field = "", text = ""]) => ({
		file: "packages/core/src/slash-commands/builtInCommands.ts",
		field,
		text,
		why: "for the CLI; the webview words built-in commands itself",
		wordedBy: {
			file: "webview-ui/src/components/chat/slash/builtInCommandText.ts",
			names: `"${command}"`,
		},
	})),
	...[
		[
			"apiHistoryJournal.ts",
			"problems",
			"… extends a user message that is not there; kept as a new user message",
		],
		["fileContextJournal.ts", "error", "…; the files read before are forgotten"],
		["fileContextJournal.ts", "error", "…; the files read before are forgotten"],
		["taskRecovery.ts", "error", "skipped a damaged line: …"],
		["taskRecovery.ts", "error", "the last line was cut off (a crash mid-write) and was ignored"],
		["taskStore.ts", "error", "compaction failed: …"],
		["taskStore.ts", "error", "rewind … could not be finished: its record is unreadable"],
	].map(([file = "", field = "", text = ""]) => ({
		file: `packages/core/src/persistence/${file}`,
		field,
		text,
		why: "a repaired task's damage goes to the host's log, which no client shows",
	})),
]

/** Two words or more: a sentence or a phrase, not an identifier or a path. */
const sentence = /[A-Za-z]{2,}[^A-Za-z{}$`]+[A-Za-z]{2,}/

function literalText(node: ts.Node): string | undefined {
	if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
	if (ts.isTemplateExpression(node))
		return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join("…")
	return undefined
}

const propertiesOf = (node: ts.ObjectLiteralExpression) =>
	new Map(
		node.properties.flatMap((property): [string, ts.Node][] => {
			if (ts.isPropertyAssignment(property)) return [[property.name.getText(), property.initializer]]
			// `{ file }`: the property is there; its value is no literal.
			return ts.isShorthandPropertyAssignment(property) ? [[property.name.text, property.name]] : []
		}),
	)

const rowCalls = new Set(["say", "ask", "showRow"])

function calleeName(call: ts.CallExpression): string {
	const callee = call.expression
	if (ts.isPropertyAccessExpression(callee)) return callee.name.text
	return ts.isIdentifier(callee) ? callee.text : ""
}

/** The English a call writes into a row, if it does. */
function rowText(call: ts.CallExpression, file: string): Finding | undefined {
	const field = calleeName(call)
	if (!rowCalls.has(field)) return undefined
	let given: ts.Node | undefined = call.arguments[1]
	if (given !== undefined && ts.isObjectLiteralExpression(given)) {
		const fields = propertiesOf(given)
		// The English beside a notice is for the CLI and logs; clients word the notice.
		if (fields.has("notice")) return undefined
		given = fields.get("text")
	}
	if (given === undefined) return undefined
	// An ask's fourth argument is what its text means as a problem or a notice.
	const worded = field === "ask" && call.arguments.length >= 4
	const text = literalText(given)
	if (text !== undefined) return sentence.test(text) && !worded ? { file, field, text } : undefined
	// An error's English, with no problem beside it for the client to word instead.
	const isErrorMessage = ts.isPropertyAccessExpression(given) && given.name.text === "message"
	return isErrorMessage && !worded ? { file, field, text: given.getText() } : undefined
}

function objectTexts(node: ts.ObjectLiteralExpression, file: string): Finding[] {
	const properties = propertiesOf(node)
	const found: Finding[] = []
	const literal = (field: string, test: (text: string) => boolean) => {
		const value = properties.get(field)
		const text = value && literalText(value)
		if (text !== undefined && test(text)) found.push({ file, field, text })
	}
	if (properties.has("source") || properties.has("argumentHint")) {
		literal("description", () => true)
		literal("argumentHint", () => true)
	}
	if (properties.has("slug")) literal("name", () => true)
	const type = properties.get("type")
	if (type && literalText(type) === "error") literal("error", (text) => sentence.test(text))
	const aboutProblem = properties.has("status") || properties.has("file")
	if (aboutProblem && !properties.has("problem")) {
		literal("error", (text) => sentence.test(text))
		literal("message", (text) => sentence.test(text))
	}
	const problems = properties.get("problems")
	if (problems !== undefined && ts.isArrayLiteralExpression(problems))
		found.push(...problems.elements.flatMap((element) => problemSentence(element, file)))
	return found
}

/** A sentence given as one of a list's `problems`. */
function problemSentence(node: ts.Node, file: string): Finding[] {
	const text = literalText(node)
	return text !== undefined && sentence.test(text) ? [{ file, field: "problems", text }] : []
}

/** `problems.push("…")`: a sentence added to a list of problems. */
function pushedProblems(call: ts.CallExpression, file: string): Finding[] {
	const callee = call.expression
	if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "push") return []
	const list = callee.expression
	const name = ts.isPropertyAccessExpression(list) ? list.name.text : list.getText()
	return name === "problems" ? call.arguments.flatMap((argument) => problemSentence(argument, file)) : []
}

async function findings(): Promise<Finding[]> {
	const files = await glob(["packages/core/src/**/*.ts", "packages/types/src/**/*.ts"], {
		cwd: repository,
		ignore: ["**/*.test.ts", "**/test-support/**", "packages/core/src/integration/**"],
	})
	const found: Finding[] = []
	for (const file of files.sort()) {
		const source = ts.createSourceFile(
			file,
			await readFile(path.join(repository, file), "utf8"),
			ts.ScriptTarget.Latest,
			true,
		)
		const visit = (node: ts.Node): void => {
			if (ts.isCallExpression(node)) {
				const row = rowText(node, file)
				if (row) found.push(row)
				found.push(...pushedProblems(node, file))
			}
			if (ts.isObjectLiteralExpression(node)) found.push(...objectTexts(node, file))
			ts.forEachChild(node, visit)
		}
		visit(source)
	}
	return found
}

const key = (finding: Finding) => `${finding.file} ${finding.field}: ${finding.text}`

describe("English the host builds for a translated UI", () => {
	it("is only what the allow list names, and every entry there is still found", async () => {
		const found = await findings()
		const known = new Set(allowed.map(key))
		expect(found.map(key).filter((entry) => !known.has(entry))).toEqual([])
		const seen = new Set(found.map(key))
		expect(allowed.map(key).filter((entry) => !seen.has(entry))).toEqual([])
		// It parses every source file of core and types: a while on a busy machine.
	}, 60_000)

	it("what the list says the webview words itself, it does", async () => {
		for (const { wordedBy } of allowed) {
			if (wordedBy === undefined) continue
			const source = await readFile(path.join(repository, wordedBy.file), "utf8")
			expect(source, wordedBy.file).toContain(wordedBy.names)
		}
	})

	it("catches a sentence given to a row, an error reply and a command's description", () => {
		const file = "example.ts"
		const source = ts.createSourceFile(
			file,
			[
				'transcript.say("error", { text: "Something went wrong" })',
				'asks.ask("api_req_failed", failure.message)',
				'reply({ type: "error", code: "failed", error: "The file is missing" })',
				'const view = { name: "review", description: "Review a file", source: "builtin" }',
				'asks.ask("api_req_failed", failure.message, undefined, problemOf(failure))',
				'transcript.say("error", { text: textFor(context)("task.failed") })',
				'transcript.say("condense_context", { text: "Condensing now", notice: { kind: "condensing" } })',
				'asks.ask("mistake_limit_reached", "The model failed", undefined, { notice })',
				'this.set({ status: "disconnected", error: "The server stopped." })',
				'problems.push({ source, file, message: "The file is empty." })',
				"problems.push(`${label}: expected a list of modes`)",
				"const parsed = { modes: [], problems: [`${label}: not valid YAML`] }",
				'this.set({ status: "error", error, problem: { kind: "stopped", params: {} } })',
				'problems.push(modesProblem(label, "not_mapping"))',
			].join("\n"),
			ts.ScriptTarget.Latest,
			true,
		)
		const found: Finding[] = []
		const visit = (node: ts.Node): void => {
			if (ts.isCallExpression(node)) {
				const row = rowText(node, file)
				if (row) found.push(row)
				found.push(...pushedProblems(node, file))
			}
			if (ts.isObjectLiteralExpression(node)) found.push(...objectTexts(node, file))
			ts.forEachChild(node, visit)
		}
		visit(source)
		expect(found.map((finding) => `${finding.field}: ${finding.text}`)).toEqual([
			"say: Something went wrong",
			"ask: failure.message",
			"error: The file is missing",
			"description: Review a file",
			"error: The server stopped.",
			"message: The file is empty.",
			"problems: …: expected a list of modes",
			"problems: …: not valid YAML",
		])
	})
})
