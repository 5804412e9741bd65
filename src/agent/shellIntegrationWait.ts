import path from "node:path"

/**
 * The shells the editor starts with its own shell integration script when
 * `terminal.integrated.shellIntegration.enabled` is on (its default).
 */
const shellsGivenIntegration = new Set(["bash", "zsh", "fish", "pwsh", "pwsh-preview", "powershell"])

/**
 * How long a new Cairn terminal gets to report shell integration before commands run as child
 * processes, out of the person's sight, for the rest of the session. Into these shells the editor
 * injects integration itself, so it comes: only a busy machine delays it (past 5 s at a load of
 * 14 here), and waiting is worth it. Any other shell may never report it, so it is not waited on long.
 */
export function shellIntegrationWaitMs(shellPath: string, integrationEnabled: boolean): number {
	const shell = path
		.basename(shellPath.replaceAll("\\", "/"))
		.toLowerCase()
		.replace(/\.exe$/, "")
	return integrationEnabled && shellsGivenIntegration.has(shell) ? 20_000 : 5_000
}
