import { execFile } from "node:child_process"
import { mkdtempSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { repoRoot } from "./paths.mjs"

const run = promisify(execFile)
const vsce = path.join(repoRoot, "node_modules/.bin/vsce")

/** Packs a fixture extension's folder (plain JavaScript, no dependencies) into a .vsix in a temp dir. */
export async function packExtension(folder) {
	const out = path.join(
		mkdtempSync(path.join(os.tmpdir(), "cairn-fixture-vsix-")),
		`${path.basename(folder)}.vsix`,
	)
	await run(
		vsce,
		["package", "--no-dependencies", "--allow-missing-repository", "--skip-license", "--out", out],
		{
			cwd: folder,
			timeout: 60_000,
		},
	)
	return out
}
