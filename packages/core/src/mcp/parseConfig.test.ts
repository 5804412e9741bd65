import path from "node:path"
import { describe, expect, it } from "vitest"
import { parseConfig, type ParsedConfig } from "./parseConfig.js"
import { projectServerFiles, type ServerFile } from "./serverFiles.js"

const workspaceRoot = "/work/space"
const file = "/home/ada/.cairn/mcp.json"

const read = (config: unknown, env: NodeJS.ProcessEnv = {}): ParsedConfig =>
	parseConfig({
		text: typeof config === "string" ? config : JSON.stringify(config),
		file,
		source: "global",
		workspaceRoot,
		env,
	})

const entries = (parsed: ParsedConfig) => (parsed.ok ? parsed.entries : [])

describe("parseConfig", () => {
	it("reads a stdio server with its defaults: no args, no env, the workspace as cwd, 60 s per call", () => {
		expect(entries(read({ mcpServers: { files: { command: "npx", args: ["-y", "server"] } } }))).toEqual([
			{
				name: "files",
				source: "global",
				configFile: file,
				launch: {
					transport: "stdio",
					command: "npx",
					args: ["-y", "server"],
					env: {},
					cwd: workspaceRoot,
				},
				disabled: false,
				alwaysAllow: [],
				timeoutSec: 60,
			},
		])
	})

	it("reads remote servers by type, with headers; http is a name for streamable-http", () => {
		const parsed = read({
			mcpServers: {
				a: { type: "streamable-http", url: "http://127.0.0.1:3001/mcp", headers: { "X-Key": "k" } },
				b: { type: "sse", url: "https://example.test/sse", alwaysAllow: ["echo"], timeout: 5 },
				c: { type: "http", url: "http://127.0.0.1/mcp", disabled: true },
			},
		})
		expect(
			entries(parsed).map((e) =>
				"launch" in e ? [e.launch, e.alwaysAllow, e.timeoutSec, e.disabled] : e,
			),
		).toEqual([
			[
				{ transport: "streamable-http", url: "http://127.0.0.1:3001/mcp", headers: { "X-Key": "k" } },
				[],
				60,
				false,
			],
			[{ transport: "sse", url: "https://example.test/sse", headers: {} }, ["echo"], 5, false],
			[{ transport: "streamable-http", url: "http://127.0.0.1/mcp", headers: {} }, [], 60, true],
		])
	})

	it("expands ${env:VAR} in command, args, env, cwd, url and headers", () => {
		const env = { BIN: "/opt/bin/server", DIR: "sub", KEY: "secret", HOST: "127.0.0.1" }
		const parsed = read(
			{
				mcpServers: {
					local: {
						command: "${env:BIN}",
						args: ["--root", "${env:DIR}/x"],
						env: { API_KEY: "${env:KEY}" },
						cwd: "${env:DIR}",
					},
					remote: {
						type: "sse",
						url: "http://${env:HOST}:9/sse",
						headers: { Authorization: "Bearer ${env:KEY}" },
					},
				},
			},
			env,
		)
		expect(entries(parsed).map((e) => ("launch" in e ? e.launch : e))).toEqual([
			{
				transport: "stdio",
				command: "/opt/bin/server",
				args: ["--root", "sub/x"],
				env: { API_KEY: "secret" },
				cwd: "/work/space/sub",
			},
			{ transport: "sse", url: "http://127.0.0.1:9/sse", headers: { Authorization: "Bearer secret" } },
		])
	})

	it("a missing variable is a problem naming the server and the field; the server does not start", () => {
		const parsed = read({
			mcpServers: {
				keyed: { command: "x", env: { API_KEY: "${env:NOT_SET_ANYWHERE}" } },
				fine: { command: "y" },
			},
		})
		expect(parsed).toMatchObject({
			ok: true,
			problems: [
				{
					server: "keyed",
					field: "env.API_KEY",
					message: "The environment variable NOT_SET_ANYWHERE is not set.",
				},
			],
		})
		expect(entries(parsed)).toMatchObject([
			{ name: "keyed", error: "The environment variable NOT_SET_ANYWHERE is not set. (env.API_KEY)" },
			{ name: "fine", launch: { command: "y" } },
		])
	})

	it("one bad server never stops the others, and each problem names server and field", () => {
		const parsed = read({
			mcpServers: {
				noCommand: { args: ["a"] },
				badArg: { command: "x", args: ["ok", 3] },
				noType: { url: "http://127.0.0.1/mcp" },
				ftp: { type: "sse", url: "ftp://example.test" },
				both: { command: "x", url: "http://a" },
				badTimeout: { command: "x", timeout: 0 },
				notAnObject: "npx server",
				good: { command: "node", args: ["server.js"] },
			},
		})
		if (!parsed.ok) throw new Error("expected a readable file")
		expect(parsed.problems.map((p) => [p.server, p.field])).toEqual([
			["noCommand", "command"],
			["badArg", "args.1"],
			["noType", "type"],
			["ftp", "url"],
			["both", undefined],
			["badTimeout", "timeout"],
			["notAnObject", undefined],
		])
		expect(parsed.problems.find((p) => p.server === "noType")?.message).toMatch(/streamable-http.*sse/)
		expect(
			entries(parsed)
				.filter((e) => "launch" in e)
				.map((e) => e.name),
		).toEqual(["good"])
		// The invalid ones are still listed, with a transport guessed from the entry.
		expect(entries(parsed).find((e) => e.name === "noType")).toMatchObject({
			transport: "streamable-http",
		})
	})

	it("reports unknown fields but still starts the server (configs copied from other tools)", () => {
		const parsed = read({ mcpServers: { s: { command: "x", autoApprove: ["a"] } } })
		expect(parsed).toMatchObject({
			ok: true,
			problems: [
				{ server: "s", field: "autoApprove", message: 'Unknown field "autoApprove"; it is ignored.' },
			],
		})
		expect(entries(parsed)[0]).toHaveProperty("launch")
	})

	it("names the line and column of a JSON syntax error, and yields no servers", () => {
		const parsed = read('{\n  "mcpServers": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}')
		expect(parsed).toEqual({
			ok: false,
			problems: [
				{
					source: "global",
					file,
					message: expect.stringMatching(/line 4, column 5/),
					problem: {
						kind: "config_not_json",
						params: { said: "CommaExpected", line: 4, column: 5 },
					},
				},
			],
		})
	})

	it("gives each problem a kind and its parameters, which clients word in the person's language", () => {
		const parsed = read(
			JSON.stringify({
				mcpServers: {
					keyed: { command: "node", env: { API_KEY: "${env:NOT_SET_ANYWHERE}" } },
					both: { command: "node", url: "http://localhost" },
					remote: { type: "sse", url: "ftp://example.com" },
					noCommand: { args: [] },
					copied: { command: "node", autoApprove: [] },
				},
			}),
		)
		expect(parsed.problems.map((p) => [p.server, p.field, p.problem])).toEqual([
			[
				"keyed",
				"env.API_KEY",
				{ kind: "env_missing", params: { field: "env.API_KEY", variable: "NOT_SET_ANYWHERE" } },
			],
			["both", undefined, { kind: "command_and_url", params: {} }],
			["remote", "url", { kind: "url_not_http", params: { field: "url" } }],
			["noCommand", "command", { kind: "field_required", params: { field: "command" } }],
			["copied", "autoApprove", { kind: "field_unknown", params: { field: "autoApprove" } }],
		])
		const invalid = parsed.ok ? parsed.entries.find((e) => e.name === "keyed") : undefined
		expect(invalid).toMatchObject({
			error: "The environment variable NOT_SET_ANYWHERE is not set. (env.API_KEY)",
			problem: { kind: "env_missing" },
		})
	})

	it("accepts comments and trailing commas, as editors write JSON", () => {
		const parsed = read('{\n // mine\n "mcpServers": { "a": { "command": "x", }, },\n}')
		expect(entries(parsed).map((e) => e.name)).toEqual(["a"])
	})

	it("an empty file is a problem (an editor mid-save), not a file without servers", () => {
		expect(read(" \n")).toMatchObject({
			ok: false,
			problems: [{ message: expect.stringMatching(/empty/) }],
		})
	})

	it("a file without mcpServers has no servers and no problems; a wrong shape is a problem", () => {
		expect(read({})).toEqual({ ok: true, entries: [], problems: [] })
		expect(read({ mcpServers: [] })).toMatchObject({ ok: false, problems: [{ field: "mcpServers" }] })
		expect(read([1])).toMatchObject({ ok: false })
	})
})

describe("parseConfig of other tools' files", () => {
	const fileOf = (relative: string): ServerFile => {
		const found = projectServerFiles(workspaceRoot).find(
			(f) => f.file === path.join(workspaceRoot, relative),
		)
		if (found === undefined) throw new Error(`no server file ${relative}`)
		return found
	}
	const readAs = (config: unknown, format: ServerFile, env: NodeJS.ProcessEnv = {}) =>
		parseConfig({
			text: JSON.stringify(config),
			file: format.file,
			source: "project",
			workspaceRoot,
			env,
			home: "/home/ada",
			format,
		})
	const vscode = fileOf(".vscode/mcp.json")
	const cursor = fileOf(".cursor/mcp.json")
	const claude = fileOf(".mcp.json")
	const launches = (parsed: ParsedConfig) =>
		entries(parsed).map((e) => ("launch" in e ? e.launch : e.problem))

	it("VS Code's file keeps its servers under `servers` and names the workspace `${workspaceFolder}`", () => {
		// The shape of code.visualstudio.com/docs/copilot/reference/mcp-configuration.
		const parsed = readAs(
			{
				inputs: [],
				servers: {
					local: { type: "stdio", command: "node", args: ["${workspaceFolder}/server.js"] },
					remote: { type: "http", url: "https://mcp.example.com/mcp" },
				},
			},
			vscode,
		)
		expect(entries(parsed)).toMatchObject([
			{ name: "local", launch: { transport: "stdio", args: [`${workspaceRoot}/server.js`] } },
			{ name: "remote", launch: { transport: "streamable-http", url: "https://mcp.example.com/mcp" } },
		])
		expect(readAs({ mcpServers: { ignored: { command: "x" } } }, vscode)).toEqual({
			ok: true,
			entries: [],
			problems: [],
		})
		expect(readAs({ servers: [] }, vscode)).toMatchObject({ ok: false, problems: [{ field: "servers" }] })
	})

	it("in another tool's file a url without a type is streamable HTTP (Cursor's way); in Cairn's own it must say", () => {
		const config = { mcpServers: { web: { url: "https://mcp.example.com/mcp" } } }
		expect(entries(readAs(config, cursor))).toMatchObject([
			{ name: "web", launch: { transport: "streamable-http" } },
		])
		expect(entries(read(config))).toMatchObject([{ name: "web", problem: { kind: "transport_unknown" } }])
	})

	it("Claude Code's .mcp.json reads ${VAR} and ${VAR:-default} in command, args, env, url and headers", () => {
		// The example of code.claude.com/docs/en/mcp, "Environment variable expansion in .mcp.json".
		const parsed = readAs(
			{
				mcpServers: {
					api: {
						type: "http",
						url: "${API_BASE_URL:-https://api.example.com}/mcp",
						headers: { Authorization: "Bearer ${API_KEY}" },
					},
					local: {
						command: "${BIN:-node}",
						args: ["--root", "${ROOT}"],
						env: { KEY: "${API_KEY}" },
					},
				},
			},
			claude,
			{ API_KEY: "k3y", ROOT: "/srv" },
		)
		expect(launches(parsed)).toEqual([
			{
				transport: "streamable-http",
				url: "https://api.example.com/mcp",
				headers: { Authorization: "Bearer k3y" },
			},
			{
				transport: "stdio",
				command: "node",
				args: ["--root", "/srv"],
				env: { KEY: "k3y" },
				cwd: workspaceRoot,
			},
		])
	})

	it("in Claude Code's file an unset ${VAR} without a default is the server's problem, naming field and variable", () => {
		const parsed = readAs({ mcpServers: { local: { command: "node", args: ["${ROOT}"] } } }, claude)
		expect(parsed.problems.map((p) => p.problem)).toEqual([
			{ kind: "env_missing", params: { field: "args.0", variable: "ROOT" } },
		])
	})

	it("Cursor's and VS Code's files fill the editor's variables; Claude's ${VAR} stays their literal text", () => {
		const server = {
			command: "node",
			args: ["${workspaceFolderBasename}", "${userHome}${/}x", "${env:K}", "${HOME}"],
		}
		for (const format of [cursor, vscode]) {
			const config = format === vscode ? { servers: { s: server } } : { mcpServers: { s: server } }
			expect(launches(readAs(config, format, { K: "v", HOME: "/h" }))).toMatchObject([
				{ args: ["space", `/home/ada${path.sep}x`, "v", "${HOME}"] },
			])
		}
	})

	it("a VS Code ${input:id} is a problem of the server, never the literal text: Cairn does not ask for inputs", () => {
		// The shape of the reference's `inputs` example: a password prompt for an API key.
		const parsed = readAs(
			{
				inputs: [{ type: "promptString", id: "api-key", description: "API key", password: true }],
				servers: {
					keyed: {
						type: "stdio",
						command: "npx",
						args: ["server"],
						env: { API_KEY: "${input:api-key}" },
					},
					remote: {
						type: "http",
						url: "https://mcp.example.com/mcp",
						headers: { Authorization: "${input:api-key}" },
					},
				},
			},
			vscode,
		)
		expect(parsed.problems.map((p) => [p.server, p.problem])).toEqual([
			["keyed", { kind: "input_not_prompted", params: { field: "env.API_KEY", variable: "api-key" } }],
			[
				"remote",
				{
					kind: "input_not_prompted",
					params: { field: "headers.Authorization", variable: "api-key" },
				},
			],
		])
		expect(entries(parsed).every((e) => !("launch" in e))).toBe(true)
		expect(parsed.problems[0]?.message).toMatch(/input api-key.*\$\{env:NAME\}/)
	})

	it("an envFile is kept, resolved in the workspace with its variables filled; Cairn's own files do not know it", () => {
		const server = { command: "node", envFile: "${workspaceFolder}/.env" }
		expect(entries(readAs({ servers: { s: server } }, vscode))).toMatchObject([
			{ name: "s", envFile: `${workspaceRoot}/.env` },
		])
		expect(
			entries(readAs({ mcpServers: { s: { command: "node", envFile: "conf/.env" } } }, cursor)),
		).toMatchObject([{ name: "s", envFile: `${workspaceRoot}/conf/.env` }])
		const own = read({ mcpServers: { s: server } })
		expect(own.problems.map((p) => p.problem)).toEqual([
			{ kind: "field_unknown", params: { field: "envFile" } },
		])
		expect(entries(own)[0]).not.toHaveProperty("envFile")
		expect(entries(readAs({ mcpServers: { s: server } }, claude))[0]).not.toHaveProperty("envFile")
	})
})
