import path from "node:path"
import { readRepositoryFile } from "../../workspace/repositoryFile.js"

const maxManifestBytes = 1_000_000

/** npm's placeholder in a new package.json: a test script that only says there are no tests. */
const npmPlaceholder = /no test specified/

/**
 * The repository's test command, run by "run checks": the one `.cairn/worktree.json` configures,
 * else one the repository's files show (package.json's test script, a Makefile `test` target,
 * pytest's, Cargo's or Go's), else undefined. Only named here: whoever runs it asks the person first.
 */
export async function checkCommand(worktreePath: string, configured?: string): Promise<string | undefined> {
	if (configured !== undefined && configured.trim() !== "") return configured.trim()
	const read = async (name: string) => {
		const file = await readRepositoryFile(path.join(worktreePath, name), {
			root: worktreePath,
			maxBytes: maxManifestBytes,
		})
		return file.kind === "ok" ? file.text : undefined
	}
	const manifest = await read("package.json")
	if (manifest !== undefined && hasTestScript(manifest)) return "npm test"
	const makefile = (await read("Makefile")) ?? (await read("makefile")) ?? (await read("GNUmakefile"))
	if (makefile !== undefined && /^test\s*::?(?!=)/m.test(makefile)) return "make test"
	if ((await read("pyproject.toml")) !== undefined || (await read("pytest.ini")) !== undefined)
		return "pytest"
	if ((await read("Cargo.toml")) !== undefined) return "cargo test"
	if ((await read("go.mod")) !== undefined) return "go test ./..."
	return undefined
}

function hasTestScript(manifest: string): boolean {
	try {
		const test = (JSON.parse(manifest) as { scripts?: { test?: unknown } } | null)?.scripts?.test
		return typeof test === "string" && test.trim() !== "" && !npmPlaceholder.test(test)
	} catch {
		// Not JSON: npm could not run it either.
		return false
	}
}
