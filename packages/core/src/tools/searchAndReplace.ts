import { RE2JS } from "re2js"
import { z } from "zod"
import {
	compileLinearRegex,
	countLinearMatches,
	replaceLinear,
	replaceLinearLiterally,
} from "../regex/linearRegex.js"
import type { ToolDefinition } from "./toolDefinition.js"
import { openEditableFile } from "./support/editableFile.js"
import { proposeEdit } from "./support/proposeEdit.js"
import { lineBreakOf } from "./support/textFile.js"
import { toolError } from "./support/toolResults.js"

const params = z.object({
	path: z.string().min(1).describe("The file."),
	search: z.string().min(1).describe("The text (or regex) to find."),
	replace: z.string().describe("What each match becomes; with use_regex, $1... insert groups."),
	use_regex: z
		.boolean()
		.optional()
		.describe(
			"search is a regular expression (JavaScript syntax, without backreferences or lookaround).",
		),
	ignore_case: z.boolean().optional().describe("Ignore letter case."),
})
export type SearchAndReplaceParams = z.infer<typeof params>

export const searchAndReplaceTool: ToolDefinition<SearchAndReplaceParams> = {
	name: "search_and_replace",
	description: [
		"Replace every match of a text or regex in one file, e.g. to rename an identifier; no match is an error. For an edit in one place use apply_diff.",
	].join("\n"),
	params,
	preview(partial) {
		if (typeof partial.path !== "string" || partial.path === "") return undefined
		return {
			ask: "tool",
			row: {
				tool: "searchAndReplace",
				path: partial.path,
				diff: "",
				search: typeof partial.search === "string" ? partial.search : undefined,
				replace: typeof partial.replace === "string" ? partial.replace : undefined,
			},
		}
	},
	async execute({ path: requested, search, replace, use_regex, ignore_case }, context) {
		// The model's pattern runs on the linear-time engine: a backtracking one could hang the host on it.
		const options = { ignoreCase: ignore_case === true, multiline: true }
		const compiled = compileLinearRegex(use_regex ? search : RE2JS.quote(search), options)
		if (!compiled.ok) {
			const problem =
				compiled.kind === "invalid"
					? `is not a valid regular expression: ${compiled.detail}`
					: compiled.problem
			return toolError(
				`search ${problem}. Fix it, or set use_regex to false to search for the text as it is.`,
			)
		}
		let pattern = compiled.regex
		let replacement = replace
		const file = await openEditableFile(context, requested, "search_and_replace")
		if (!file.ok) return file.result
		const { path, isProtected, before, shown } = file

		if (!use_regex && lineBreakOf(before.content) === "\r\n" && search.includes("\n")) {
			// The model writes "\n"; a CRLF file needs "\r\n" for the text to match and stay consistent.
			pattern = RE2JS.compile(RE2JS.quote(search.replace(/\r?\n/g, "\r\n")), pattern.flags())
			replacement = replace.replace(/\r?\n/g, "\r\n")
		}
		const matches = countLinearMatches(pattern, before.content)
		if (matches === 0) {
			const how = use_regex ? "regular expression" : "text"
			return toolError(
				`The ${how} ${JSON.stringify(search)} was not found in ${shown}; the file was not changed. ` +
					"Read the file to check the exact text (whitespace and case matter" +
					(ignore_case ? "" : "; ignore_case makes case not matter") +
					").",
			)
		}
		const proposed = use_regex
			? replaceLinear(pattern, before.content, replacement)
			: replaceLinearLiterally(pattern, before.content, replacement)

		return proposeEdit(context, {
			path,
			isProtected,
			before,
			proposed,
			summary: `Replaced ${matches} ${matches === 1 ? "occurrence" : "occurrences"} in`,
			row: (diff) => ({
				tool: "searchAndReplace",
				path: path.relative,
				diff,
				search,
				replace,
				useRegex: use_regex ?? false,
				ignoreCase: ignore_case ?? false,
				isOutsideWorkspace: path.isOutsideWorkspace,
				isProtected,
			}),
		})
	},
}
