import path from "node:path"
import type { PredefinedVariable, VariableSyntax } from "./serverFiles.js"

/** What a `${...}` may be filled from. */
export interface VariableContext {
	env: NodeJS.ProcessEnv
	workspaceRoot: string
	/** The person's home folder, for `${userHome}`. */
	home: string
}

export type Expanded =
	| { ok: true; value: string }
	/** The first variable that has no value: an environment variable, or an input nobody asks for. */
	| { ok: false; missing: string; kind: "env" | "input" }

const reference = /\$\{([^}]*)\}/g
const envName = /^[A-Za-z_][A-Za-z0-9_]*$/

function predefinedValue(name: PredefinedVariable, context: VariableContext): string {
	switch (name) {
		case "workspaceFolder":
			return context.workspaceRoot
		case "workspaceFolderBasename":
			return path.basename(context.workspaceRoot)
		case "userHome":
			return context.home
		case "pathSeparator":
		case "/":
			return path.sep
	}
}

/**
 * Replaces every variable of `syntax` in `text` in one pass: a value that itself holds `${...}`
 * is never expanded again. A variable without a value is a mistake to report, never an empty
 * string: a server started with a blank key, or with the literal `${input:token}` as its key,
 * fails in ways far from the cause.
 */
export function expandVariables(text: string, syntax: VariableSyntax, context: VariableContext): Expanded {
	let missing: { missing: string; kind: "env" | "input" } | undefined
	const lack = (name: string, kind: "env" | "input", whole: string) => {
		missing ??= { missing: name, kind }
		return whole
	}
	const value = text.replace(reference, (whole, inner: string) => {
		if (syntax.predefined.includes(inner as PredefinedVariable))
			return predefinedValue(inner as PredefinedVariable, context)
		if (syntax.inputs && inner.startsWith("input:"))
			return lack(inner.slice("input:".length), "input", whole)
		if (syntax.envPrefixed && inner.startsWith("env:") && envName.test(inner.slice("env:".length))) {
			const name = inner.slice("env:".length)
			return context.env[name] ?? lack(name, "env", whole)
		}
		if (syntax.shellStyle && inner !== "") {
			// Claude Code's reading: the name is what comes before `:-`, the default (taken as it is
			// written) after it; a set variable wins even when empty.
			const split = inner.indexOf(":-")
			const name = split === -1 ? inner : inner.slice(0, split)
			const fallback = split === -1 ? undefined : inner.slice(split + 2)
			return context.env[name] ?? fallback ?? lack(name, "env", whole)
		}
		return whole
	})
	return missing === undefined ? { ok: true, value } : { ok: false, ...missing }
}
