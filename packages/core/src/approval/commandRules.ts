import { parseShellLine, type ShellParserLocation, type ShellUnit } from "./shellParser.js"

export interface CommandLists {
	/** Prefixes of commands that may run without asking; "*" allows any command. */
	allowed: readonly string[]
	/** Prefixes of commands that are never auto-approved; deny wins over allow. */
	denied: readonly string[]
}

export type CommandDecision =
	| { decision: "allow" }
	/** A person must approve: `unit` is the first part no allowed prefix covers. */
	| { decision: "ask"; reason: string; unit?: ShellUnit }
	/** A part matches a denied prefix: never run without a person, whatever else is allowed. */
	| { decision: "deny"; reason: string; unit: ShellUnit; deniedBy: string }

const normalize = (prefix: string) => prefix.trim().replace(/\s+/g, " ")

/** "git log" covers "git log" and "git log -p", not "git logx". */
export function prefixCovers(prefix: string, text: string): boolean {
	const p = normalize(prefix)
	if (p === "*") return true
	if (p === "") return false
	return text === p || text.startsWith(`${p} `)
}

function firstCovering(list: readonly string[], unit: ShellUnit): string | undefined {
	return list.find((prefix) => prefixCovers(prefix, unit.text))
}

/**
 * Whether a shell line may run unasked. Every part of the line (chained with && || ; |, nested
 * in $(...), backticks or subshells, plus assignments, function definitions and file writes)
 * must be covered by an allowed prefix, and no part may match a denied one.
 */
export async function evaluateCommand(
	line: string,
	lists: CommandLists,
	parser?: ShellParserLocation,
): Promise<CommandDecision> {
	const parsed = await parseShellLine(line, parser)
	if (!parsed.ok)
		return { decision: "ask", reason: `${parsed.error}, so it cannot be checked part by part` }
	if (parsed.units.length === 0) return { decision: "ask", reason: "the line runs no command" }

	for (const unit of parsed.units) {
		const deniedBy = firstCovering(lists.denied, unit)
		if (deniedBy !== undefined) {
			return {
				decision: "deny",
				reason: `"${unit.text}" matches the denied prefix "${deniedBy}"`,
				unit,
				deniedBy,
			}
		}
	}
	const uncovered = parsed.units.find((unit) => firstCovering(lists.allowed, unit) === undefined)
	if (uncovered !== undefined) {
		return { decision: "ask", reason: describeUncovered(uncovered), unit: uncovered }
	}
	return { decision: "allow" }
}

function describeUncovered(unit: ShellUnit): string {
	switch (unit.kind) {
		case "redirect":
			return `it writes to a file ("${unit.text}")`
		case "function":
			return "it defines a shell function, which could stand in for an allowed command"
		case "assignment":
		case "declaration":
			return `it changes the environment of later commands ("${unit.text}")`
		case "command":
			return `"${unit.text}" is not in the allowed commands`
	}
}
