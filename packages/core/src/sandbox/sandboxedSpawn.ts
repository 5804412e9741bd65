import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { bwrapArgs } from "./bwrapArgs.js"
import type { SandboxPolicy } from "./sandboxPolicy.js"

/**
 * What to spawn to run `argv` in the sandbox: bubblewrap, with a temp folder of the command's
 * own (its TMPDIR, writable) that `cleanup` removes once the command has ended.
 */
export function sandboxedSpawn(
	policy: SandboxPolicy,
	cwd: string,
	argv: readonly string[],
): { file: string; args: string[]; cleanup(): void } {
	const tempDir = mkdtempSync(path.join(tmpdir(), "cairn-sandbox-"))
	return {
		file: policy.bwrapPath,
		args: [...bwrapArgs(policy, cwd, tempDir), "--", ...argv],
		cleanup: () => rmSync(tempDir, { recursive: true, force: true }),
	}
}
