import { LaunchError, processLauncher } from "./processLauncher.js"

/** Git failed, or is not installed (`missing`). */
export class GitError extends Error {
	constructor(
		message: string,
		readonly missing = false,
	) {
		super(message)
		this.name = "GitError"
	}
}

/**
 * Settings every shadow git command runs with, whatever the person's or the repository's git
 * configuration says: no hooks, filters, fsmonitor or line-ending conversion can run or change
 * bytes, and the work tree is trusted although another user may own it.
 */
const forcedConfig = [
	"core.hooksPath=/dev/null",
	"core.fsmonitor=false",
	"core.autocrlf=false",
	"core.safecrlf=false",
	"core.symlinks=true",
	"core.fileMode=true",
	"core.quotePath=false",
	"core.longpaths=true",
	"commit.gpgSign=false",
	"gc.auto=0",
	"safe.directory=*",
	"protocol.allow=never",
].flatMap((setting) => ["-c", setting])

/**
 * The environment of a shadow git command. Every GIT_* variable of Cairn's own environment is
 * dropped (a GIT_DIR or GIT_INDEX_FILE there would point git at the person's repository), and
 * the system and global configuration files are not read.
 */
function shadowEnvironment(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {}
	for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value
	return {
		...env,
		GIT_CONFIG_NOSYSTEM: "1",
		GIT_CONFIG_GLOBAL: "/dev/null",
		GIT_TERMINAL_PROMPT: "0",
		GIT_AUTHOR_NAME: "Cairn",
		GIT_AUTHOR_EMAIL: "checkpoints@cairn.invalid",
		GIT_COMMITTER_NAME: "Cairn",
		GIT_COMMITTER_EMAIL: "checkpoints@cairn.invalid",
		LC_ALL: "C",
	}
}

export interface GitRun {
	/** Bytes for git's standard input. */
	input?: string | Buffer
	/** Exit codes that are answers, not failures (`git check-ignore` exits 1 for "none ignored"). */
	okExitCodes?: readonly number[]
}

/**
 * Runs the system git against one shadow repository: its own git folder, the workspace as the
 * work tree. Git never looks for a repository itself (GIT_DIR is given), so the workspace's own
 * `.git` is neither read nor written. The host's process launcher starts it (see ProcessLauncher).
 */
export class ShadowGit {
	private readonly env = shadowEnvironment()

	constructor(
		readonly gitDir: string,
		readonly workTree: string,
	) {}

	async run(args: readonly string[], options: GitRun = {}): Promise<Buffer> {
		const result = await this.exec(args, options)
		return result.stdout
	}

	async text(args: readonly string[], options: GitRun = {}): Promise<string> {
		return (await this.run(args, options)).toString("utf8")
	}

	/** Runs and returns the exit code with the output, for the commands whose code is the answer. */
	exec(args: readonly string[], options: GitRun = {}): Promise<{ code: number; stdout: Buffer }> {
		return this.start("git", [...this.gitOptions(), ...args], this.env, args[0] ?? "", options)
	}

	/**
	 * Runs several git commands in one POSIX shell, which starts each of them: one process for the
	 * launcher to start and one answer to wait for, instead of one each. The script is
	 * fixed text; it runs each command as `git "$@" ...`, the shadow options being its arguments,
	 * and takes its own values from `variables` (environment variables, never part of the text).
	 * Only where there is a POSIX shell (see `canRunScripts`).
	 */
	script(
		name: string,
		script: string,
		variables: Readonly<Record<string, string>>,
		options: GitRun = {},
	): Promise<Buffer> {
		const env = { ...this.env, ...variables }
		const run = this.start("/bin/sh", ["-c", script, "sh", ...this.gitOptions()], env, name, options)
		return run.then((result) => result.stdout)
	}

	/** Whether `script` can run here: every system with a POSIX shell at /bin/sh, so not Windows. */
	static readonly canRunScripts = process.platform !== "win32"

	private gitOptions(): string[] {
		return [...forcedConfig, `--git-dir=${this.gitDir}`, `--work-tree=${this.workTree}`]
	}

	private start(
		command: string,
		args: readonly string[],
		env: NodeJS.ProcessEnv,
		name: string,
		options: GitRun,
	): Promise<{ code: number; stdout: Buffer }> {
		const run = processLauncher.run({ command, args, cwd: this.workTree, env, input: options.input })
		return run.then(
			({ code, stdout, stderr }) => {
				if (code === 0 || options.okExitCodes?.includes(code)) return { code, stdout }
				throw new GitError(`git ${name} failed (exit ${code}): ${stderr.toString("utf8").trim()}`)
			},
			(error: unknown) => {
				throw error instanceof LaunchError && error.code === "ENOENT"
					? new GitError("git is not installed (or not on PATH)", true)
					: new GitError(
							`git could not be started: ${error instanceof Error ? error.message : String(error)}`,
						)
			},
		)
	}
}

/** Splits git's -z output into its fields. */
export function nulFields(output: Buffer | string): string[] {
	const text = typeof output === "string" ? output : output.toString("utf8")
	const fields = text.split("\0")
	if (fields.at(-1) === "") fields.pop()
	return fields
}
