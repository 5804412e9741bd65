import { z } from "zod"

/**
 * Why a command file (or a commands folder) was left out of the `/` menu, as a kind and its
 * parameters: each client words it in the person's language (the webview from its locale files);
 * the English `text` beside it stays for the CLI and logs.
 */
export const commandFileProblemKindSchema = z.enum([
	/** The folder holds more than `max` command files; the rest are ignored. */
	"too_many_files",
	/** The file or folder was not read (a link out, a FIFO, a folder, an error): `said` is the reader's line. */
	"unreadable",
	/** The file was removed while it was being read. */
	"removed",
	/** The file's name is no command name (at most `max` characters); the file must be renamed. */
	"name_invalid",
	/** `name` is a built-in command, which a command file may not replace. */
	"built_in_name",
	/** Longer than `max` characters: not read at all. */
	"too_large",
	"front_matter_unclosed",
	/** Not YAML (`said`: the parser's words). */
	"front_matter_not_yaml",
	/** YAML that cannot be used, e.g. too many aliases (`said`: the parser's words). */
	"front_matter_unusable",
	"front_matter_not_mapping",
	/** Fields the front matter does not have (`names`). */
	"unknown_field",
	/** `field` is longer than `max` characters. */
	"too_long",
	/** `field`'s value is not valid (`said`: the validator's words). */
	"field_invalid",
	/** Both argument-hint and argument_hint are given. */
	"hint_twice",
	/** Nothing after the front matter: no prompt. */
	"no_prompt",
])
export type CommandFileProblemKind = z.infer<typeof commandFileProblemKindSchema>

/** What is wrong with a command file's text, before it is known which file it is. */
export const commandFileIssueSchema = z.object({
	kind: commandFileProblemKindSchema,
	params: z.object({
		said: z.string().optional(),
		max: z.number().int().optional(),
		name: z.string().optional(),
		field: z.string().optional(),
		names: z.array(z.string()).optional(),
	}),
})
export type CommandFileIssue = z.infer<typeof commandFileIssueSchema>

export const commandFileProblemSchema = commandFileIssueSchema.extend({
	/** The file or folder as the menu names it: the workspace's relative to it, the person's in full. */
	file: z.string(),
	/** One line in English naming the file, for the CLI and logs. */
	text: z.string(),
})
export type CommandFileProblem = z.infer<typeof commandFileProblemSchema>
