import path from "node:path"
import { describe, expect, it } from "vitest"
import { expandVariables, type VariableContext } from "./expandEnv.js"
import { projectServerFiles, type VariableSyntax } from "./serverFiles.js"

const workspaceRoot = path.join(path.sep, "work", "space")
const syntaxOf = (relative: string): VariableSyntax => {
	const found = projectServerFiles(workspaceRoot).find((file) => file.file.endsWith(relative))
	if (found === undefined) throw new Error(`no server file ${relative}`)
	return found.variables
}
const cairn = syntaxOf(path.join(".cairn", "mcp.json"))
const vscode = syntaxOf(path.join(".vscode", "mcp.json"))
const cursor = syntaxOf(path.join(".cursor", "mcp.json"))
const claude = syntaxOf(`${path.sep}.mcp.json`)

const context = (env: NodeJS.ProcessEnv = {}): VariableContext => ({
	env,
	workspaceRoot,
	home: path.join(path.sep, "home", "ada"),
})

describe("expandVariables in Cairn's own files", () => {
	it("replaces each ${env:NAME} with the variable's value, and ${workspaceFolder} with the workspace", () => {
		expect(
			expandVariables(
				"Bearer ${env:TOKEN} for ${env:USER_NAME} in ${workspaceFolder}",
				cairn,
				context({ TOKEN: "t0k", USER_NAME: "ada" }),
			),
		).toEqual({ ok: true, value: `Bearer t0k for ada in ${workspaceRoot}` })
	})

	it("names the first variable that is not set instead of leaving a blank", () => {
		expect(
			expandVariables("${env:SET}/${env:UNSET}/${env:ALSO_UNSET}", cairn, context({ SET: "x" })),
		).toEqual({
			ok: false,
			missing: "UNSET",
			kind: "env",
		})
	})

	it("leaves other ${...} forms as they are (they are the server's own text)", () => {
		expect(
			expandVariables("plain ${HOME} ${env:} $env:X ${userHome} ${input:k}", cairn, context()),
		).toEqual({
			ok: true,
			value: "plain ${HOME} ${env:} $env:X ${userHome} ${input:k}",
		})
	})

	it("keeps an empty variable as an empty value (it is set)", () => {
		expect(expandVariables("a${env:EMPTY}b", cairn, context({ EMPTY: "" }))).toEqual({
			ok: true,
			value: "ab",
		})
	})

	it("never expands a value again: a variable holding ${...} arrives as it is", () => {
		expect(expandVariables("${env:A}", cairn, context({ A: "${env:SECRET}", SECRET: "s" }))).toEqual({
			ok: true,
			value: "${env:SECRET}",
		})
	})
})

describe("expandVariables in VS Code's and Cursor's files", () => {
	it("fills the editor's predefined variables", () => {
		const text =
			"${workspaceFolder}|${workspaceFolderBasename}|${userHome}|${pathSeparator}|${/}|${env:K}"
		const value = [
			workspaceRoot,
			"space",
			path.join(path.sep, "home", "ada"),
			path.sep,
			path.sep,
			"v",
		].join("|")
		expect(expandVariables(text, vscode, context({ K: "v" }))).toEqual({ ok: true, value })
		expect(expandVariables(text, cursor, context({ K: "v" }))).toEqual({ ok: true, value })
	})

	it("a VS Code ${input:id} is a value nobody will be asked for: reported, never passed on", () => {
		expect(expandVariables("Bearer ${input:api-key}", vscode, context())).toEqual({
			ok: false,
			missing: "api-key",
			kind: "input",
		})
	})

	it("does not read Claude Code's ${VAR} (an editor file's literal text)", () => {
		expect(expandVariables("${HOME}", vscode, context({ HOME: "/h" }))).toEqual({
			ok: true,
			value: "${HOME}",
		})
	})
})

describe("expandVariables in Claude Code's .mcp.json", () => {
	it("reads ${VAR} and ${VAR:-default}; a set variable wins even when empty", () => {
		const env = { KEY: "k", EMPTY: "" }
		expect(
			expandVariables(
				"${KEY}|${UNSET:-https://fallback.test}|${EMPTY:-x}|${KEY:-x}",
				claude,
				context(env),
			),
		).toEqual({
			ok: true,
			value: "k|https://fallback.test||k",
		})
	})

	it("an unset ${VAR} without a default is reported, as Claude Code refuses the file", () => {
		expect(expandVariables("--token=${TOKEN}", claude, context())).toEqual({
			ok: false,
			missing: "TOKEN",
			kind: "env",
		})
	})

	it("has no ${env:NAME} nor ${workspaceFolder}: they are variables of those names, unset", () => {
		expect(expandVariables("${env:HOME}", claude, context({ HOME: "/h" }))).toMatchObject({
			ok: false,
			missing: "env:HOME",
		})
		expect(expandVariables("${workspaceFolder}", claude, context())).toMatchObject({
			ok: false,
			missing: "workspaceFolder",
		})
	})

	it("takes a default as written (it is not expanded again), and leaves ${} and $VAR alone", () => {
		expect(expandVariables("${A:-${B}}|${}|$KEY", claude, context({ B: "b", KEY: "k" }))).toEqual({
			ok: true,
			value: "${B}|${}|$KEY",
		})
	})
})
