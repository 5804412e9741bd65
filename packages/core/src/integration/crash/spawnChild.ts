import { spawn, type ChildProcess } from "node:child_process"

/**
 * Starts a bundled crash-test child on the folders and model server it should use (the
 * CRASH_* variables childAgent.ts reads). Its stdout is piped for `onChildLines`.
 */
export function spawnChild(
	bundle: string,
	on: { workspace: string; storage: string; baseUrl: string; env?: Record<string, string> },
	stderr: "inherit" | "pipe" = "inherit",
): ChildProcess {
	return spawn(process.execPath, [bundle], {
		env: {
			...process.env,
			...on.env,
			CRASH_WORKSPACE: on.workspace,
			CRASH_STORAGE: on.storage,
			CRASH_BASE_URL: on.baseUrl,
		},
		stdio: ["ignore", "pipe", stderr],
	})
}
