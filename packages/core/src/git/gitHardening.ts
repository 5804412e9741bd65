/**
 * What every git process Cairn starts runs with, so that nothing a repository, the person's git
 * configuration or Cairn's environment says can make git start a program of its own: filters,
 * textconv, external diff, fsmonitor, hooks, pager, editor, askpass, ssh command, credential
 * helper, signature programs, or a transport at all. Git's builtins cannot be shadowed by an
 * alias (git looks builtins up first) and Cairn names a builtin in every call, so aliases never run.
 */

/** Settings given on the command line's level, above every configuration file. */
export const hardenedSettings: readonly (readonly [string, string])[] = [
	["core.fsmonitor", "false"],
	["core.hooksPath", "/dev/null"],
	["core.pager", "cat"],
	["core.editor", ":"],
	["sequence.editor", ":"],
	["core.askPass", ""],
	["core.sshCommand", ""],
	["core.alternateRefsCommand", ""],
	// An empty value empties the list of helpers the configuration files named.
	["credential.helper", ""],
	["protocol.allow", "never"],
	["commit.gpgSign", "false"],
	["tag.gpgSign", "false"],
	["log.showSignature", "false"],
	["submodule.recurse", "false"],
	["diff.submodule", "short"],
	["status.submoduleSummary", "false"],
	["gc.auto", "0"],
	["maintenance.auto", "false"],
	["core.quotePath", "false"],
	// Paths in diffs as the parsers expect them: "a/" and "b/", from the repository's root.
	["diff.noprefix", "false"],
	["diff.mnemonicPrefix", "false"],
	["diff.relative", "false"],
]

/**
 * Settings that switch off the programs a configuration names per driver: `filter.<name>.*`
 * (an empty command runs nothing; `required` false so an emptied filter is not an error) and
 * `merge.<name>.driver`. `diff.<name>.textconv` and `.command` cannot be emptied (git then fails
 * to run ""): the diff commands run with --no-textconv and --no-ext-diff instead (diffOptions).
 */
export function driverSettings(configNames: readonly string[]): [string, string][] {
	const settings: [string, string][] = []
	const seen = new Set<string>()
	for (const name of configNames) {
		const match = /^(filter|merge)\.(.+)\.([^.]+)$/s.exec(name)
		if (match === null) continue
		const [, section = "", driver = "", key = ""] = match
		const id = `${section}\0${driver}`
		if (seen.has(id) || !driverKeys[section]?.includes(key.toLowerCase())) continue
		seen.add(id)
		if (section === "filter")
			settings.push(
				[`filter.${driver}.clean`, ""],
				[`filter.${driver}.smudge`, ""],
				[`filter.${driver}.process`, ""],
				[`filter.${driver}.required`, "false"],
			)
		else settings.push([`merge.${driver}.driver`, ""])
	}
	return settings
}

const driverKeys: Record<string, readonly string[]> = {
	filter: ["clean", "smudge", "process", "required"],
	merge: ["driver", "name", "recursive"],
}

/** Commands whose output can hold a diff: they always run without textconv, external diff or colour. */
const diffCommands = new Set([
	"diff",
	"diff-files",
	"diff-index",
	"diff-tree",
	"show",
	"log",
	"whatchanged",
	"format-patch",
])

/** Commands that would look into submodules, whose own configuration Cairn has not read. */
const submoduleCommands = new Set(["diff", "diff-files", "diff-index", "status"])

/** `args` with the options that keep git's own programs off for its command (args[0]). */
export function hardenedArgs(args: readonly string[]): string[] {
	const [command, ...rest] = args
	if (command === undefined) return []
	const extra = [
		...(diffCommands.has(command) ? ["--no-ext-diff", "--no-textconv", "--no-color"] : []),
		...(submoduleCommands.has(command) ? ["--ignore-submodules=all"] : []),
	]
	return [command, ...extra, ...rest]
}

/**
 * The only variables of Cairn's environment git gets: where to find programs and the person's
 * own configuration, and the system's temp folder. Every GIT_* (GIT_DIR, GIT_EXTERNAL_DIFF,
 * GIT_CONFIG_*, GIT_SSH_COMMAND ...), PAGER, EDITOR, SSH_ASKPASS and the rest stay behind.
 */
const passedVariables = new Set([
	"PATH",
	"HOME",
	"XDG_CONFIG_HOME",
	"TMPDIR",
	"TEMP",
	"TMP",
	// Windows: where the system and the person's profile are.
	"SYSTEMROOT",
	"WINDIR",
	"USERPROFILE",
	"HOMEDRIVE",
	"HOMEPATH",
	"APPDATA",
	"PATHEXT",
	"COMSPEC",
])

/**
 * Git's environment: the passed variables, git's own settings given as GIT_CONFIG_COUNT pairs
 * (read at the command line's level; a pair keeps a driver name holding "=" whole, where `-c`
 * would split it; git passes them on to any git it starts), and `extra`.
 */
export function gitEnvironment(
	settings: readonly (readonly [string, string])[],
	extra: Readonly<Record<string, string>> = {},
): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {}
	for (const [key, value] of Object.entries(process.env))
		if (passedVariables.has(key.toUpperCase())) env[key] = value
	settings.forEach(([key, value], index) => {
		env[`GIT_CONFIG_KEY_${index}`] = key
		env[`GIT_CONFIG_VALUE_${index}`] = value
	})
	return {
		...env,
		GIT_CONFIG_COUNT: String(settings.length),
		GIT_TERMINAL_PROMPT: "0",
		GIT_OPTIONAL_LOCKS: "0",
		LC_ALL: "C",
		...extra,
	}
}
