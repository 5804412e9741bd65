import { z } from "zod"

/**
 * Why a modes file, or a mode in it, was left out, as a kind and its parameters: each client
 * words it in the person's language (the webview from its locale files); the English `text`
 * beside it stays for logs and the CLI.
 */
export const modesFileProblemKindSchema = z.enum([
	/** Longer than `max` characters: not read at all. */
	"file_too_large",
	/** Not YAML (`said`: the parser's words). */
	"not_yaml",
	/** The file could not be read or expanded (`said`: why). */
	"unreadable",
	"not_mapping",
	/** Fields beside customModes (`names`). */
	"unknown_top_field",
	"modes_not_list",
	/** More than `max` modes; the rest are ignored. */
	"too_many_modes",
	/** Fields a mode does not have (`names`). */
	"unknown_field",
	"required",
	"empty",
	/** Longer than `max` characters. */
	"too_long",
	"slug_format",
	/** A group that does not exist (`value`). */
	"unknown_group",
	/** `group` is listed twice. */
	"group_twice",
	"description_needs_regex",
	/** Only the edit group takes a file pattern, not `group`. */
	"regex_only_edit",
	/** The file pattern cannot be used (`said`: why). */
	"regex_unusable",
	/** `slug` is a built-in mode, which a workspace may not replace. */
	"reserved_slug",
	/** `slug` is already defined by the mode at index `first`. */
	"duplicate_slug",
	/** Any other invalid value (`said`: the validator's words). */
	"invalid",
])
export type ModesFileProblemKind = z.infer<typeof modesFileProblemKindSchema>

export const modesFileProblemSchema = z.object({
	/** The file as problems name it: the workspace's relative to it, the person's in full. */
	file: z.string(),
	/** Where in the file, e.g. `customModes[1].groups[2].group`. */
	field: z.string().optional(),
	kind: modesFileProblemKindSchema,
	params: z.object({
		said: z.string().optional(),
		max: z.number().int().optional(),
		names: z.array(z.string()).optional(),
		value: z.string().optional(),
		group: z.string().optional(),
		slug: z.string().optional(),
		first: z.number().int().optional(),
	}),
	/** One line in English naming the file and the field, for logs and the CLI. */
	text: z.string(),
})
export type ModesFileProblem = z.infer<typeof modesFileProblemSchema>
