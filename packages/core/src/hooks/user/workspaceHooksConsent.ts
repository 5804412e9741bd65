import type { UserHooks } from "@cairn/types"
import type { ConsentDecision, RepositoryConsent } from "../../consent/repositoryConsent.js"
import { hookFiles, type NamedFile } from "./hookFiles.js"
import { loadUserHooks, userHooksFile } from "./userHooksConfig.js"

export const withoutConsent =
	"This workspace's hooks run commands from the repository, so they run only after you agree to that file. " +
	"In VS Code, accept the question about them; in the CLI, pass --trust-workspace-hooks. " +
	"You are asked again whenever the file or a file its hooks name changes."

export const withUnknowableFiles = (why: string): string =>
	`This workspace's hooks do not run: what they run is only known when they run (${why}), so agreeing to ` +
	"the file could not cover it. Name the scripts they run literally (hooks run in the workspace folder), " +
	"or put the hook in your own settings."

const changedBeforeRun =
	"This workspace's hooks or a file they name changed since they were agreed to, so this hook did not run."

const allCommands = (hooks: UserHooks) =>
	[...hooks.PreToolUse, ...hooks.PostToolUse].flatMap((group) => group.hooks.map((hook) => hook.command))

/** The workspace files the hooks name, with what each is now; or why they cannot be known. */
async function filesOfHooks(
	hooks: UserHooks,
	workspaceRoot: string,
): Promise<{ files: NamedFile[] } | { unknowable: string }> {
	const files = new Map<string, NamedFile>()
	for (const command of new Set(allCommands(hooks))) {
		const named = await hookFiles(command, workspaceRoot)
		if (named.kind === "unknowable") return { unknowable: `in "${command}", ${named.reason}` }
		for (const file of named.files) files.set(file.path, file)
	}
	return { files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) }
}

/**
 * The person's consent to the workspace's hooks file as it is now, together with every file its
 * hooks name (the script `sh scripts/fmt.sh` runs): a change to any of them asks again.
 */
export async function decideOnWorkspaceHooks(
	file: { hooks: UserHooks; content: string },
	workspaceRoot: string,
	consent: RepositoryConsent,
): Promise<ConsentDecision> {
	const code = {
		kind: "workspaceHooks",
		workspaceRoot,
		file: userHooksFile,
		content: file.content,
	} as const
	// Nobody to ask and nothing agreed to (the CLI without its flag): no need to read what they name.
	if (!(await consent.mayAllow(code))) return consent.decide(code)
	const named = await filesOfHooks(file.hooks, workspaceRoot)
	return consent.decide({
		...code,
		...("files" in named ? { files: named.files } : { unknowableFiles: named.unknowable }),
	})
}

/**
 * Checked right before one of the workspace's hooks runs, since the files it names may have
 * changed after the hooks were listed (the tool between a PreToolUse and a PostToolUse hook can
 * rewrite the script): undefined while the consent still covers the file with the content the
 * hook came from and every file it names; otherwise why the hook does not run.
 */
export async function stillAgreed(
	content: string,
	workspaceRoot: string,
	consent: RepositoryConsent,
): Promise<string | undefined> {
	const config = await loadUserHooks(workspaceRoot, { PreToolUse: [], PostToolUse: [] })
	if (!config.ok || config.fromFile?.content !== content) return changedBeforeRun
	const decision = await decideOnWorkspaceHooks(config.fromFile, workspaceRoot, consent)
	if (decision.allowed) return undefined
	return decision.unknowableFiles === undefined
		? changedBeforeRun
		: withUnknowableFiles(decision.unknowableFiles)
}
