import { createHash } from "node:crypto"
import path from "node:path"
import type { McpConfigProblem } from "@cairn/types"
import { readRepositoryFile, type FileScope } from "../workspace/repositoryFile.js"
import { parseDotenv } from "./dotenv.js"
import { mcpProblemEnglish } from "./mcpProblemText.js"
import { configProblem, type ConfigFileInput } from "./parseConfig.js"
import { isInvalid, type ServerEntry } from "./serverConfig.js"

/** Far above any list of variables; a larger file is refused, not read in part. */
export const maxEnvFileBytes = 64 * 1024

/**
 * Each stdio server's `envFile` read into its env, the `env` its file gives winning. The file
 * comes from the repository (or names any path), so it is read as every repository file is:
 * only a regular file whose real path stays inside `scope` (a link out, `~/.ssh/id_rsa` or
 * `/proc/self/environ` is refused), up to the cap. A file that cannot be read is the server's
 * problem and the server does not start: without its variables it would start wrong.
 */
export async function withEnvFiles(
	entries: ServerEntry[],
	input: Pick<ConfigFileInput, "file" | "source">,
	scope: FileScope,
): Promise<{ entries: ServerEntry[]; problems: McpConfigProblem[] }> {
	const problems: McpConfigProblem[] = []
	const read = await Promise.all(
		entries.map(async (entry): Promise<ServerEntry> => {
			if (isInvalid(entry) || entry.envFile === undefined || entry.launch.transport !== "stdio")
				return entry
			const why = await readEnvFile(entry.envFile, scope)
			if (typeof why !== "string")
				return {
					...entry,
					launch: { ...entry.launch, env: { ...why.variables, ...entry.launch.env } },
					envFileRead: {
						path: path.relative(scope.root, entry.envFile) || entry.envFile,
						state: why.state,
					},
				}
			const problem = { kind: "env_file_unreadable" as const, params: { field: "envFile", said: why } }
			problems.push(configProblem(input, problem, entry.name))
			return {
				name: entry.name,
				source: entry.source,
				configFile: entry.configFile,
				transport: "stdio",
				disabled: entry.disabled,
				error: mcpProblemEnglish(problem, "field"),
				problem,
			}
		}),
	)
	return { entries: read, problems }
}

/** The file's variables and the hash of the text they were read from, or why it was not read. */
async function readEnvFile(
	file: string,
	scope: FileScope,
): Promise<{ variables: Record<string, string>; state: string } | string> {
	const read = await readRepositoryFile(file, { ...scope, maxBytes: maxEnvFileBytes })
	if (read.kind === "absent") return `${file} does not exist`
	if (read.kind === "skipped") return read.reason
	if (read.truncated) return `${file} is larger than ${maxEnvFileBytes / 1024} KB; it was not read`
	const hash = createHash("sha256").update(read.text).digest("hex")
	return { variables: parseDotenv(read.text), state: `sha256 ${hash}` }
}
