import { homedir } from "node:os"
import path from "node:path"
import { isInside } from "./workspacePaths.js"

/**
 * Where people's programs keep credentials, relative to the home folder: keys, tokens, cloud and
 * registry logins, keyrings, password stores, browser profiles (saved passwords and cookies) and
 * shell histories. Nothing here is project data, so a read of any of them by the file tools or a
 * mention asks a person, and the command sandbox hides every one that exists.
 */
const homeCredentialStores = [
	".ssh",
	".gnupg",
	".aws",
	".azure",
	".kube",
	".docker",
	".netrc",
	".npmrc",
	".pypirc",
	".git-credentials",
	".password-store",
	".config/gcloud",
	".config/gh",
	".config/hub",
	".config/git/credentials",
	".local/share/keyrings",
	".mozilla",
	".thunderbird",
	".config/google-chrome",
	".config/chromium",
	".config/BraveSoftware",
	".config/microsoft-edge",
	".config/vivaldi",
	".config/opera",
	"snap/firefox",
	"snap/chromium",
	"Library/Keychains",
	"Library/Cookies",
	"Library/Application Support/Google/Chrome",
	"Library/Application Support/Firefox",
	"Library/Application Support/BraveSoftware",
	"Library/Application Support/Microsoft Edge",
	"Library/Safari",
	".yarnrc.yml",
	".gem/credentials",
	".cargo/credentials",
	".cargo/credentials.toml",
	".terraform.d/credentials.tfrc.json",
	".vault-token",
	".pgpass",
	".my.cnf",
	".s3cfg",
	".config/op",
	".config/rclone",
	".local/share/kwalletd",
	".pki",
	// Shell and REPL histories hold tokens typed on command lines; X11's cookie opens the display.
	".Xauthority",
	".bash_history",
	".zsh_history",
	".local/share/fish/fish_history",
	".python_history",
	".node_repl_history",
	".psql_history",
	".mysql_history",
]

/**
 * The absolute credential stores for `home`, plus `extra` (the person's own additions: absolute,
 * or relative to home, "~/" accepted). Whether each exists is not checked: a store created later
 * is still one.
 */
export function credentialStorePaths(home: string, extra: readonly string[]): readonly string[] {
	const key = [home, ...extra].join("\0")
	if (lastStores?.key !== key) lastStores = { key, stores: storePaths(home, extra) }
	return lastStores.stores
}

/** Every path a tool names is checked against the same list: it is made once per home and setting. */
let lastStores: { key: string; stores: readonly string[] } | undefined

function storePaths(home: string, extra: readonly string[]): string[] {
	const added = extra
		.map((entry) => entry.trim())
		.filter((entry) => entry !== "")
		.map((entry) => (entry === "~" || entry.startsWith("~/") ? entry.slice(2) : entry))
	return [...homeCredentialStores, ...added].map((entry) => path.resolve(home, entry))
}

/** The store `absolute` (a real path) lies in, if any. */
export function credentialStoreOf(absolute: string, stores: readonly string[]): string | undefined {
	// Resolved once, a path can only lie in a store it starts with: the full test runs for those only.
	const resolved = path.resolve(absolute)
	const folded = fold(resolved)
	return stores.find((store) => folded.startsWith(fold(store)) && isInside(store, resolved))
}

/** A path as `isInside` compares it: without case on Windows. */
const fold = (p: string) => (process.platform === "win32" ? p.toLowerCase() : p)

/** A store as the person knows it: "~/.ssh" rather than "/home/ada/.ssh". */
export function shownCredentialStore(store: string, home: string = homedir()): string {
	return isInside(home, store) ? `~/${path.relative(home, store).split(path.sep).join("/")}` : store
}

/**
 * The credential store of the person running Cairn that `absolute` (a real path) lies in, as
 * they know it ("~/.ssh"); undefined for any other path. `extra` is the person's own additions
 * (the `commandSandboxHiddenPaths` setting, which the sandbox hides too).
 */
export function personCredentialStoreOf(absolute: string, extra: readonly string[] = []): string | undefined {
	const home = homedir()
	const store = credentialStoreOf(absolute, credentialStorePaths(home, extra))
	return store === undefined ? undefined : shownCredentialStore(store, home)
}
