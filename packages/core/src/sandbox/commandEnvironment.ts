/**
 * The environment commands get. Cairn's own environment holds provider keys, the IPC socket
 * and whatever else the person's shell exported; a name pattern cannot tell which of those are
 * secrets (OPENAI_KEY, GH_PAT, DATABASE_URL=postgres://u:pw@h/db all pass one), so a sandboxed
 * command gets only what programs need to run, plus the names the person lists in the
 * `commandEnvironment` setting.
 */

/** What builds, tests and shells read: paths, locale, terminal, tool locations. None is a secret. */
const harmless = new Set([
	"PATH",
	"HOME",
	"USER",
	"LOGNAME",
	"SHELL",
	"HOSTNAME",
	"LANG",
	"LANGUAGE",
	"TERM",
	"COLORTERM",
	"TERMINFO",
	"TERMINFO_DIRS",
	"NO_COLOR",
	"FORCE_COLOR",
	"TZ",
	"EDITOR",
	"VISUAL",
	"PAGER",
	"NODE_ENV",
	"CI",
	"XDG_CONFIG_HOME",
	"XDG_CACHE_HOME",
	"XDG_DATA_HOME",
	"XDG_STATE_HOME",
	"XDG_CONFIG_DIRS",
	"XDG_DATA_DIRS",
	"MANPATH",
	"INFOPATH",
	"PKG_CONFIG_PATH",
	"LD_LIBRARY_PATH",
	"JAVA_HOME",
	"GOPATH",
	"GOROOT",
	"GOBIN",
	"CARGO_HOME",
	"RUSTUP_HOME",
	"NVM_DIR",
	"NVM_BIN",
	"VOLTA_HOME",
	"PNPM_HOME",
	"BUN_INSTALL",
	"DENO_DIR",
	"PYENV_ROOT",
	"VIRTUAL_ENV",
	"CONDA_PREFIX",
	"GEM_HOME",
	"GEM_PATH",
	"RBENV_ROOT",
])
const harmlessPrefix = /^LC_[A-Z]+$/

/**
 * Cairn's channel to the editor (the IPC socket and its token): a command holding it could change
 * Cairn's own settings. No setting passes these on, sandboxed or not.
 */
const cairnInternal = /^CAIRN_IPC_/

/** Names that say "credential"; for commands a person approved, where no allowlist applies. */
const credentialName = /key|secret|token|passw|credential|(^|_)pat($|_)/i
/** A URL carrying a password (postgres://user:pw@host/db). */
const passwordInUrl = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s:]*:[^/@\s]+@/i

/** `AWS_PROFILE`, or with a trailing star a prefix: `AWS_*`. */
function listed(name: string, passed: readonly string[]): boolean {
	return passed.some((entry) =>
		entry.endsWith("*") ? name.startsWith(entry.slice(0, -1)) : name === entry,
	)
}

function pick(
	parent: NodeJS.ProcessEnv,
	keep: (name: string, value: string) => boolean,
): Record<string, string> {
	const env: Record<string, string> = {}
	for (const [name, value] of Object.entries(parent))
		if (value !== undefined && !cairnInternal.test(name) && keep(name, value)) env[name] = value
	return env
}

/** `parent` without Cairn's internals: for what Cairn starts on the person's behalf (hooks, MCP servers). */
export function withoutCairnInternals(parent: NodeJS.ProcessEnv): Record<string, string> {
	return pick(parent, () => true)
}

/** A sandboxed command's environment: the harmless names and the ones the person passes on. */
export function sandboxedEnvironment(
	parent: NodeJS.ProcessEnv,
	passed: readonly string[],
): Record<string, string> {
	return pick(parent, (name) => harmless.has(name) || harmlessPrefix.test(name) || listed(name, passed))
}

/**
 * The names a command a person approved (run outside the sandbox, as in their own terminal)
 * does not get: Cairn's internals always, and what looks like a credential unless the person
 * passes it on (a `gh` or `npm publish` they approve may need its token).
 */
export function withheldVariables(parent: NodeJS.ProcessEnv, passed: readonly string[]): string[] {
	return Object.entries(parent).flatMap(([name, value]) => {
		if (value === undefined) return []
		if (cairnInternal.test(name)) return [name]
		if (listed(name, passed)) return []
		return credentialName.test(name) || passwordInUrl.test(value) ? [name] : []
	})
}

/** An approved command's environment outside the sandbox: the parent's without the withheld names. */
export function unsandboxedEnvironment(
	parent: NodeJS.ProcessEnv,
	passed: readonly string[],
): Record<string, string> {
	const withheld = new Set(withheldVariables(parent, passed))
	return pick(parent, (name) => !withheld.has(name))
}
