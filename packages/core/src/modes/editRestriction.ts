import { compileLinearRegex, linearTest } from "../regex/linearRegex.js"
import { groupOf, type FileRestriction, type Mode } from "./modes.js"

/** The current mode's limit on which files the edit tools may change. */
export interface EditRestriction extends FileRestriction {
	/** The mode's name, so the refusal says which mode refuses. */
	modeName: string
}

/** The edit restriction of a mode, when it may edit only some files. */
export function editRestrictionOf(mode: Mode): EditRestriction | undefined {
	const restriction = groupOf(mode, "edit")?.restriction
	return restriction && { ...restriction, modeName: mode.name }
}

/**
 * The mode's name when it may not edit every file (it has no edit group, or a restricted one),
 * else undefined. Tools that reach files by other ways than the edit tools (an MCP server's) must
 * then not run unseen.
 */
export function editsLimitedIn(mode: Mode): string | undefined {
	const edit = groupOf(mode, "edit")
	return edit === undefined || edit.restriction !== undefined ? mode.name : undefined
}

/**
 * Why this path may not be edited under the restriction, or undefined when it may. A pattern
 * that does not compile refuses every file: a broken rule must not become no rule. The pattern
 * comes from a modes file a repository may hold, so it runs on the linear-time engine.
 */
export function editRefusal(restriction: EditRestriction, path: string): string | undefined {
	const compiled = compileLinearRegex(restriction.fileRegex)
	if (!compiled.ok)
		return `${restriction.modeName} mode may not edit ${path}: its file pattern ${restriction.fileRegex} ${compiled.kind === "invalid" ? "is invalid" : compiled.problem}, so it may edit no files. Ask the user to switch to another mode.`
	if (linearTest(compiled.regex, path)) return undefined
	return (
		`${restriction.modeName} mode may only edit ${restriction.description} (files matching ${restriction.fileRegex}); ` +
		`${path} does not match. Edit a matching file instead, or ask the user to switch to a mode that may edit ${path}.`
	)
}
