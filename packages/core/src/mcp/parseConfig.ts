import { homedir } from "node:os"
import path from "node:path"
import type { McpConfigProblem, McpProblem, McpProblemKind, McpSource, McpTransport } from "@cairn/types"
import { parse, printParseErrorCode, type ParseError } from "./jsonc.js"
import type { z } from "zod"
import { expandVariables } from "./expandEnv.js"
import { mcpProblemEnglish } from "./mcpProblemText.js"
import { cairnVariables, type ServerFile } from "./serverFiles.js"
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
	/** For `${userHome}`; this person's home by default. */
	home?: string
	/**
	 * Where the file keeps its servers, whether a bare `url` means streamable HTTP and which
	 * variables it holds; Cairn's own way by default.
	 */
	format?: Pick<ServerFile, "serversKey" | "urlWithoutType" | "variables">
}

export type ParsedConfig =
	/** `entries` in the file's order; `problems` includes those of the invalid entries. */
	| { ok: true; entries: ServerEntry[]; problems: McpConfigProblem[] }
	/** The file is not JSON: nothing in it can be trusted, so it yields no servers. */
	| { ok: false; problems: McpConfigProblem[] }

/** Longest server name: it travels in client messages, which allow 200 characters. */
const maxNameLength = 200

const problemOf = (kind: McpProblemKind, params: McpProblem["params"] = {}): McpProblem => ({
	kind,
	params,
})

/** A problem of the file `input`, where known of one server's field, with its English. */
export function configProblem(
	input: Pick<ConfigFileInput, "source" | "file">,
	problem: McpProblem,
	server?: string,
): McpConfigProblem {
	const field = problem.params.field
	return {
		source: input.source,
		file: input.file,
		...(server !== undefined && { server }),
		...(field !== undefined && { field }),
		message: mcpProblemEnglish(problem),
		problem,
	}
}

function syntaxProblem(input: ConfigFileInput, error: ParseError): McpConfigProblem {
	const before = input.text.slice(0, error.offset).split("\n")
	return configProblem(
		input,
		problemOf("config_not_json", {
			said: printParseErrorCode(error.error),
			line: before.length,
			column: (before.at(-1)?.length ?? 0) + 1,
		}),
	)
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
		return { ok: false, problems: [configProblem(input, problemOf("config_empty"))] }
	const errors: ParseError[] = []
	const root: unknown = parse(input.text, errors, { allowTrailingComma: true, disallowComments: false })
	const firstError = errors[0]
	if (firstError !== undefined) return { ok: false, problems: [syntaxProblem(input, firstError)] }
	if (!isObject(root))
		return { ok: false, problems: [configProblem(input, problemOf("config_not_object"))] }
	const serversKey = input.format?.serversKey ?? "mcpServers"
	const servers = root[serversKey]
	if (servers === undefined) return { ok: true, entries: [], problems: [] }
	if (!isObject(servers))
		return {
			ok: false,
			problems: [configProblem(input, problemOf("config_servers_not_object", { field: serversKey }))],
		}

	const entries: ServerEntry[] = []
	const problems: McpConfigProblem[] = []
	for (const [name, written] of Object.entries(servers)) {
		const raw = input.format?.urlWithoutType ? withUrlTransport(written) : written
		const base = {
			name,
			source: input.source,
			configFile: input.file,
			transport: guessTransport(raw),
			disabled: isObject(raw) && raw.disabled === true,
		}
		const result = checkEntry(name, raw, input)
		problems.push(...result.warnings.map((warning) => configProblem(input, warning, name)))
		if (!result.ok) {
			problems.push(configProblem(input, result.problem, name))
			entries.push({
				...base,
				error: mcpProblemEnglish(result.problem, "field"),
				problem: result.problem,
			})
		} else entries.push(result.config)
	}
	return { ok: true, entries, problems }
}

/** An entry that gives a `url` and no transport, read as streamable HTTP (how other tools' files mean it). */
function withUrlTransport(entry: unknown): unknown {
	return isObject(entry) && entry.type === undefined && "url" in entry && !("command" in entry)
		? { ...entry, type: "streamable-http" }
		: entry
}

type Checked =
	| { ok: true; config: Extract<ServerEntry, { launch: McpLaunch }>; warnings: McpProblem[] }
	| { ok: false; problem: McpProblem; warnings: McpProblem[] }

/** The entry's first issue as a problem of its field. */
function firstIssue(error: z.ZodError, entry: Record<string, unknown>): McpProblem {
	const issue = error.issues[0]
	const path = issue?.path ?? []
	const field = path.length > 0 ? path.map(String).join(".") : undefined
	const at = field === undefined ? {} : { field }
	if (path[0] === "type") return problemOf("transport_unknown", at)
	const missing = issue?.code === "invalid_type" && path.length === 1 && !(String(path[0]) in entry)
	if (missing || (issue?.code === "too_small" && issue.origin === "string"))
		return problemOf("field_required", at)
	return problemOf("field_invalid", { ...at, said: issue?.message ?? "" })
}

function checkEntry(name: string, raw: unknown, input: ConfigFileInput): Checked {
	if (name.trim() === "" || name.length > maxNameLength)
		return { ok: false, problem: problemOf("server_name_length", { max: maxNameLength }), warnings: [] }
	if (!isObject(raw)) return { ok: false, problem: problemOf("server_not_object"), warnings: [] }
	const variables = input.format?.variables ?? cairnVariables
	const warnings = Object.keys(raw)
		.filter((key) => !knownFields.has(key) || (key === "envFile" && !variables.envFile))
		.map((key) => problemOf("field_unknown", { field: key }))
	const remote = raw.type !== undefined && raw.type !== "stdio" ? true : "url" in raw && !("command" in raw)
	if ("command" in raw && "url" in raw)
		return { ok: false, problem: problemOf("command_and_url"), warnings }
	if (remote) {
		const parsed = remoteEntrySchema.safeParse(raw)
		if (!parsed.success) return { ok: false, problem: firstIssue(parsed.error, raw), warnings }
		const { url, headers, type } = parsed.data
		const expanded = expandAll({ url, ...prefixed("headers", headers) }, input)
		if (!expanded.ok) return { ...expanded, warnings }
		const finalUrl = expanded.values.url ?? url
		if (!isHttpUrl(finalUrl))
			return { ok: false, problem: problemOf("url_not_http", { field: "url" }), warnings }
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
	if (!parsed.success) return { ok: false, problem: firstIssue(parsed.error, raw), warnings }
	const { command, args, env, cwd } = parsed.data
	const envFile = variables.envFile ? parsed.data.envFile : undefined
	const expanded = expandAll(
		{
			command,
			...(cwd !== undefined && { cwd }),
			...(envFile !== undefined && { envFile }),
			...prefixed("args", Object.fromEntries(args.map((arg, index) => [String(index), arg]))),
			...prefixed("env", env),
		},
		input,
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
			...(values.envFile !== undefined && {
				envFile: path.resolve(input.workspaceRoot, values.envFile),
			}),
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
	input: ConfigFileInput,
): { ok: true; values: Record<string, string> } | { ok: false; problem: McpProblem } {
	const syntax = input.format?.variables ?? cairnVariables
	const context = { env: input.env, workspaceRoot: input.workspaceRoot, home: input.home ?? homedir() }
	const values: Record<string, string> = {}
	for (const [field, text] of Object.entries(fields)) {
		const expanded = expandVariables(text, syntax, context)
		if (!expanded.ok) {
			const kind = expanded.kind === "input" ? "input_not_prompted" : "env_missing"
			return { ok: false, problem: problemOf(kind, { field, variable: expanded.missing }) }
		}
		values[field] = expanded.value
	}
	return { ok: true, values }
}
