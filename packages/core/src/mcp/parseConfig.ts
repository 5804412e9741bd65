import path from "node:path"
import type { McpConfigProblem, McpSource, McpTransport } from "@cairn/types"
import { parse, printParseErrorCode, type ParseError } from "./jsonc.js"
import type { z } from "zod"
import { expandEnv } from "./expandEnv.js"
import {
	knownFields,
	remoteEntrySchema,
	stdioEntrySchema,
	type McpLaunch,
	type ServerEntry,
} from "./serverConfig.js"

export interface ConfigFileInput {
	text: string
	file: string
	source: McpSource
	/** Relative `cwd`s are resolved against it, and it is the default `cwd`. */
	workspaceRoot: string
	env: NodeJS.ProcessEnv
}

export type ParsedConfig =
	/** `entries` in the file's order; `problems` includes those of the invalid entries. */
	| { ok: true; entries: ServerEntry[]; problems: McpConfigProblem[] }
	/** The file is not JSON: nothing in it can be trusted, so it yields no servers. */
	| { ok: false; problems: McpConfigProblem[] }

/** Longest server name: it travels in client messages, which allow 200 characters. */
const maxNameLength = 200

function lineAndColumn(text: string, offset: number): string {
	const before = text.slice(0, offset).split("\n")
	return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`
}

function syntaxProblem(input: ConfigFileInput, error: ParseError): McpConfigProblem {
	return {
		source: input.source,
		file: input.file,
		message: `The file is not valid JSON (${printParseErrorCode(error.error)} at ${lineAndColumn(input.text, error.offset)}).`,
	}
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value)

function guessTransport(entry: unknown): McpTransport {
	if (!isObject(entry)) return "stdio"
	if (entry.type === "sse") return "sse"
	return entry.type === "streamable-http" || entry.type === "http" || "url" in entry
		? "streamable-http"
		: "stdio"
}

/**
 * Reads a config file's text (JSON with comments, as editors write it): every server entry,
 * valid or not, and every problem with its file, server and dotted field. One bad entry never
 * stops the others.
 */
export function parseConfig(input: ConfigFileInput): ParsedConfig {
	// An editor that truncates before writing shows an empty file for a moment: not "no servers".
	if (input.text.trim() === "")
		return {
			ok: false,
			problems: [
				{
					source: input.source,
					file: input.file,
					message: 'The file is empty; a file without servers holds {"mcpServers": {}}.',
				},
			],
		}
	const errors: ParseError[] = []
	const root: unknown = parse(input.text, errors, { allowTrailingComma: true, disallowComments: false })
	const firstError = errors[0]
	if (firstError !== undefined) return { ok: false, problems: [syntaxProblem(input, firstError)] }
	const problem = (message: string, server?: string, field?: string): McpConfigProblem => ({
		source: input.source,
		file: input.file,
		...(server !== undefined && { server }),
		...(field !== undefined && { field }),
		message,
	})
	if (!isObject(root))
		return { ok: false, problems: [problem('The file must hold an object: {"mcpServers": {...}}.')] }
	const servers = root.mcpServers
	if (servers === undefined) return { ok: true, entries: [], problems: [] }
	if (!isObject(servers))
		return {
			ok: false,
			problems: [problem("mcpServers must be an object of servers by name.", undefined, "mcpServers")],
		}

	const entries: ServerEntry[] = []
	const problems: McpConfigProblem[] = []
	for (const [name, raw] of Object.entries(servers)) {
		const base = {
			name,
			source: input.source,
			configFile: input.file,
			transport: guessTransport(raw),
			disabled: isObject(raw) && raw.disabled === true,
		}
		const result = checkEntry(name, raw, input)
		problems.push(...result.warnings.map((w) => problem(w.message, name, w.field)))
		if (!result.ok) {
			problems.push(problem(result.message, name, result.field))
			const where = result.field === undefined ? "" : ` (${result.field})`
			entries.push({ ...base, error: `${result.message}${where}` })
		} else entries.push(result.config)
	}
	return { ok: true, entries, problems }
}

type Checked =
	| { ok: true; config: Extract<ServerEntry, { launch: McpLaunch }>; warnings: Warning[] }
	| { ok: false; message: string; field?: string; warnings: Warning[] }

interface Warning {
	message: string
	field: string
}

function firstIssue(error: z.ZodError): { message: string; field?: string } {
	const issue = error.issues[0]
	const field = issue?.path.map(String).join(".")
	return { message: issue?.message ?? "invalid entry", ...(field && { field }) }
}

function checkEntry(name: string, raw: unknown, input: ConfigFileInput): Checked {
	if (name.trim() === "" || name.length > maxNameLength)
		return {
			ok: false,
			message: `A server needs a name of 1 to ${maxNameLength} characters.`,
			warnings: [],
		}
	if (!isObject(raw)) return { ok: false, message: "A server entry must be an object.", warnings: [] }
	const warnings: Warning[] = Object.keys(raw)
		.filter((key) => !knownFields.has(key))
		.map((key) => ({ field: key, message: `Unknown field "${key}"; it is ignored.` }))
	const remote = raw.type !== undefined && raw.type !== "stdio" ? true : "url" in raw && !("command" in raw)
	if ("command" in raw && "url" in raw)
		return {
			ok: false,
			message: "Give either command (a local server) or url (a remote one), not both.",
			warnings,
		}
	if (remote) {
		const parsed = remoteEntrySchema.safeParse(raw)
		if (!parsed.success) return { ok: false, ...firstIssue(parsed.error), warnings }
		const { url, headers, type } = parsed.data
		const expanded = expandAll({ url, ...prefixed("headers", headers) }, input.env)
		if (!expanded.ok) return { ...expanded, warnings }
		const finalUrl = expanded.values.url ?? url
		if (!isHttpUrl(finalUrl))
			return {
				ok: false,
				message: "url must be an http:// or https:// address.",
				field: "url",
				warnings,
			}
		return {
			ok: true,
			warnings,
			config: {
				...configBase(name, input, parsed.data),
				launch: {
					transport: type === "sse" ? "sse" : "streamable-http",
					url: finalUrl,
					headers: unprefixed("headers", expanded.values),
				},
			},
		}
	}
	const parsed = stdioEntrySchema.safeParse(raw)
	if (!parsed.success) return { ok: false, ...firstIssue(parsed.error), warnings }
	const { command, args, env, cwd } = parsed.data
	const expanded = expandAll(
		{
			command,
			...(cwd !== undefined && { cwd }),
			...prefixed("args", Object.fromEntries(args.map((arg, index) => [String(index), arg]))),
			...prefixed("env", env),
		},
		input.env,
	)
	if (!expanded.ok) return { ...expanded, warnings }
	const values = expanded.values
	return {
		ok: true,
		warnings,
		config: {
			...configBase(name, input, parsed.data),
			launch: {
				transport: "stdio",
				command: values.command ?? command,
				args: Object.values(unprefixed("args", values)),
				env: unprefixed("env", values),
				cwd: path.resolve(input.workspaceRoot, values.cwd ?? "."),
			},
		},
	}
}

function configBase(
	name: string,
	input: ConfigFileInput,
	data: { disabled: boolean; alwaysAllow: string[]; timeout: number },
) {
	return {
		name,
		source: input.source,
		configFile: input.file,
		disabled: data.disabled,
		alwaysAllow: data.alwaysAllow,
		timeoutSec: data.timeout,
	}
}

const isHttpUrl = (text: string): boolean => {
	try {
		const url = new URL(text)
		return url.protocol === "http:" || url.protocol === "https:"
	} catch {
		return false
	}
}

// Fields are flattened to dotted names ("env.API_KEY", "args.2") so a problem can name the field.
const prefixed = (prefix: string, values: Record<string, string>) =>
	Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}.${key}`, value]))

const unprefixed = (prefix: string, values: Record<string, string>) =>
	Object.fromEntries(
		Object.entries(values)
			.filter(([key]) => key.startsWith(`${prefix}.`))
			.map(([key, value]) => [key.slice(prefix.length + 1), value]),
	)

function expandAll(
	fields: Record<string, string>,
	env: NodeJS.ProcessEnv,
): { ok: true; values: Record<string, string> } | { ok: false; message: string; field: string } {
	const values: Record<string, string> = {}
	for (const [field, text] of Object.entries(fields)) {
		const expanded = expandEnv(text, env)
		if (!expanded.ok)
			return { ok: false, field, message: `The environment variable ${expanded.missing} is not set.` }
		values[field] = expanded.value
	}
	return { ok: true, values }
}
