import { GitError } from "./gitError.js"
import { driverSettings, gitEnvironment, hardenedArgs, hardenedSettings } from "./gitHardening.js"
import { nulFields } from "./gitOutput.js"
import { GitSession, type SessionStart } from "./gitSession.js"
import { startDirectly, type ProcessStarter, type Started } from "./processStarter.js"
import { RepeatedGit } from "./repeatedGit.js"

export interface GitRun {
	/** Bytes for git's standard input. */
	input?: string | Buffer
	/** Exit codes that are answers, not failures (`git check-ignore` exits 1 for "none ignored"). */
	okExitCodes?: readonly number[]
	/** Standard output kept; past it git is stopped and the result says `truncated`. */
	maxBytes?: number
}

export interface GitResult {
	code: number
	stdout: Buffer
	truncated: boolean
}

/** A repository Cairn keeps itself: its git folder (whose configuration Cairn wrote) and the work tree. */
export interface OwnRepository {
	gitDir: string
	workTree: string
	/** Settings of Cairn's own for this repository, on top of the hardened ones. */
	settings?: readonly (readonly [string, string])[]
	/** Variables of Cairn's own for git (author, committer). */
	variables?: Readonly<Record<string, string>>
	/** How processes start (checkpoints pass the process launcher); directly by default. */
	starter?: ProcessStarter
	/** Git is stopped past this: a FIFO named .gitignore or .gitattributes would hold it forever. */
	timeoutMs: number
	/** How a git command line is started (checkpoints confine git in bubblewrap); as it is by default. */
	wrap?: (args: readonly string[]) => { command: string; args: string[] }
}

export interface PersonRepository {
	/** A folder in the repository; git finds the repository from it. */
	cwd: string
	starter?: ProcessStarter
	timeoutMs?: number
	/** Variables of Cairn's own for git (an author when the person has none, a temporary index). */
	variables?: Readonly<Record<string, string>>
	/** Settings of Cairn's own on top of the hardened ones (they come last, so they win). */
	settings?: readonly (readonly [string, string])[]
}

/**
 * The one way Cairn runs git. Every process it starts gets the hardened settings (gitHardening)
 * whatever the configuration files and Cairn's environment say, and the options that keep its
 * command's programs off. A person's repository is first asked for the names in its
 * configuration (which runs no program), so the filters and merge drivers it names are emptied too.
 * A driver added to the configuration between that call and a later one is not seen: the sandbox
 * keeps .git read-only for commands, and a HardenedGit is meant for one mention's few calls.
 */
export class HardenedGit {
	private constructor(
		private readonly cwd: string,
		private readonly globalArgs: readonly string[],
		private readonly env: NodeJS.ProcessEnv,
		private readonly starter: ProcessStarter,
		private readonly timeoutMs: number,
		private readonly wrap: (args: readonly string[]) => { command: string; args: string[] } = (args) => ({
			command: "git",
			args: [...args],
		}),
	) {}

	/** Git for the person's repository at `cwd`: their own global configuration counts, its programs do not. */
	static async forPerson(repository: PersonRepository): Promise<HardenedGit> {
		const starter = repository.starter ?? startDirectly
		const timeoutMs = repository.timeoutMs ?? 10_000
		const bare = new HardenedGit(repository.cwd, [], gitEnvironment(hardenedSettings), starter, timeoutMs)
		const names = await bare.run(["config", "--list", "-z", "--name-only"], { maxBytes: 4_000_000 })
		if (names.truncated) throw new GitError("the repository's git configuration is too large to read")
		const settings = [
			...hardenedSettings,
			...driverSettings(nulFields(names.stdout)),
			...(repository.settings ?? []),
		]
		const env = gitEnvironment(settings, repository.variables)
		return new HardenedGit(repository.cwd, [], env, starter, timeoutMs)
	}

	/**
	 * Git for a repository of Cairn's own. Neither the system's nor the person's global
	 * configuration is read, and git is always told which git folder to use, so it never looks
	 * for (or touches) a repository in the work tree.
	 */
	static forOwn(repository: OwnRepository): HardenedGit {
		const settings = [...hardenedSettings, ...(repository.settings ?? [])]
		const env = gitEnvironment(settings, {
			GIT_CONFIG_NOSYSTEM: "1",
			GIT_CONFIG_GLOBAL: "/dev/null",
			...repository.variables,
		})
		const globalArgs = [`--git-dir=${repository.gitDir}`, `--work-tree=${repository.workTree}`]
		return new HardenedGit(
			repository.workTree,
			globalArgs,
			env,
			repository.starter ?? startDirectly,
			repository.timeoutMs,
			repository.wrap,
		)
	}

	/** Runs `git <args>` (args[0] is a builtin command); fails with GitError on any other exit code than the ok ones. */
	async run(args: readonly string[], options: GitRun = {}): Promise<GitResult> {
		const { command, args: argv } = this.wrap(["--no-pager", ...this.globalArgs, ...hardenedArgs(args)])
		return this.start(command, argv, this.env, args[0] ?? "", options)
	}

	/**
	 * A git that stays alive for requests on its standard input (see GitSession), e.g.
	 * `hash-object -w --stdin-paths`: the same hardened options and environment as `run`.
	 */
	session(args: readonly string[]): GitSession {
		return new GitSession(this.sessionStart(args))
	}

	/**
	 * `git <args>` run again at each request by a shell that stays alive (see RepeatedGit): the
	 * same hardened options and environment as `run`.
	 */
	repeated(args: readonly string[]): RepeatedGit {
		return new RepeatedGit(this.sessionStart(args))
	}

	private sessionStart(args: readonly string[]): SessionStart {
		const { command, args: argv } = this.wrap(["--no-pager", ...this.globalArgs, ...hardenedArgs(args)])
		return {
			command,
			args: argv,
			cwd: this.cwd,
			env: this.env,
			name: args[0] ?? "",
			timeoutMs: this.timeoutMs,
		}
	}

	private async start(
		command: string,
		args: readonly string[],
		env: NodeJS.ProcessEnv,
		name: string,
		options: GitRun,
	): Promise<GitResult> {
		let started: Started
		try {
			started = await this.starter(
				{ command, args, cwd: this.cwd, env, input: options.input },
				{ maxBytes: options.maxBytes, timeoutMs: this.timeoutMs },
			)
		} catch (error) {
			const code = (error as { code?: unknown }).code
			throw code === "ENOENT"
				? new GitError("git is not installed (or not on PATH)", true)
				: new GitError(
						`git could not be started: ${error instanceof Error ? error.message : String(error)}`,
					)
		}
		const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY
		const truncated = started.truncated === true || started.stdout.length > maxBytes
		const stdout =
			started.stdout.length > maxBytes ? started.stdout.subarray(0, maxBytes) : started.stdout
		if (truncated || started.code === 0 || options.okExitCodes?.includes(started.code))
			return { code: started.code, stdout, truncated }
		const said = started.stderr.toString("utf8").trim()
		const reason = said.split("\n")[0] ?? ""
		const ending =
			started.code === -1
				? `was stopped (it ran longer than ${this.timeoutMs / 1000} s, or was killed)`
				: `failed (exit ${started.code})`
		throw new GitError(`git ${name} ${ending}${said ? `: ${said}` : ""}`, false, reason)
	}
}
