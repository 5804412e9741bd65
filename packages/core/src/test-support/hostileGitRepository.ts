import { execFileSync } from "node:child_process"
import { chmod, mkdir, readdir, writeFile } from "node:fs/promises"
import path from "node:path"

/**
 * A repository whose configuration, attributes and Cairn's environment name a program at every
 * place git would run one: filters (one named "a=b", which `-c` cannot address), textconv,
 * external diff, fsmonitor, pager, hooks, aliases, ssh command, askpass, credential helper,
 * editor, signature check, merge driver, an attributes file. Each program leaves a marker file
 * named after itself in `markers` and passes its input through, so a test asserts that no
 * marker exists and that git still told the content as it is.
 */
export interface HostileRepository {
	root: string
	/** The last commit: signed, so that a git checking signatures would start gpg.program. */
	signedCommit: string
	markers: string
	/** The markers left so far (none, when nothing ran). */
	ran(): Promise<string[]>
	/** Plain git in the repository, for the test's own setup (with a clean environment). */
	git(...args: string[]): string
	/** Sets the hostile variables in process.env; returns what puts them back. */
	hostileEnvironment(): () => void
}

/** `files` (path to text) are part of the first commit. */
export async function makeHostileRepository(
	folder: string,
	files: Readonly<Record<string, string>> = {},
): Promise<HostileRepository> {
	const root = path.join(folder, "repository")
	const markers = path.join(folder, "markers")
	const programs = path.join(folder, "programs")
	const hooks = path.join(folder, "hooks")
	await Promise.all([root, markers, programs, hooks].map((dir) => mkdir(dir, { recursive: true })))
	const program = async (name: string): Promise<string> => {
		const file = path.join(programs, name)
		await writeFile(file, `#!/bin/sh\ntouch '${path.join(markers, name)}'\ncat\n`)
		await chmod(file, 0o755)
		return file
	}
	const cleanEnv = Object.fromEntries(
		Object.entries(process.env).filter(([key]) => !key.startsWith("GIT_")),
	)
	const gitWithInput = (input: string, ...args: string[]) =>
		execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@t", ...args], {
			cwd: root,
			env: { ...cleanEnv, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
			input,
		}).toString()
	const git = (...args: string[]) => gitWithInput("", ...args)

	git("init", "-q", "-b", "main")
	await writeFile(path.join(root, ".gitattributes"), "* filter=x diff=x merge=x\n*.weird filter=a=b\n")
	await writeFile(path.join(root, "a.txt"), "first line\n")
	await writeFile(path.join(root, "same.txt"), "unchanged\n")
	await writeFile(path.join(root, "b.weird"), "weird\n")
	for (const [relative, text] of Object.entries(files)) {
		await mkdir(path.dirname(path.join(root, relative)), { recursive: true })
		await writeFile(path.join(root, relative), text)
	}
	git("add", "-A")
	git("commit", "-q", "-m", "first commit")
	await writeFile(path.join(root, "a.txt"), "first line\nsigned line\n")
	git("add", "a.txt")
	const signed = [
		`tree ${git("write-tree").trim()}`,
		`parent ${git("rev-parse", "HEAD").trim()}`,
		"author T <t@t> 1700000000 +0000",
		"committer T <t@t> 1700000000 +0000",
		"gpgsig -----BEGIN PGP SIGNATURE-----",
		" ",
		" iQEzBAABCAAdFiEEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		" -----END PGP SIGNATURE-----",
		"",
		"signed commit",
		"",
	].join("\n")
	const signedCommit = gitWithInput(signed, "hash-object", "-t", "commit", "-w", "--stdin").trim()
	git("update-ref", "refs/heads/main", signedCommit)

	for (const hook of [
		"post-index-change",
		"pre-commit",
		"post-checkout",
		"reference-transaction",
		"pre-auto-gc",
	]) {
		await writeFile(path.join(hooks, hook), `#!/bin/sh\ntouch '${path.join(markers, `hook-${hook}`)}'\n`)
		await chmod(path.join(hooks, hook), 0o755)
	}
	await mkdir(path.join(root, ".git", "info"), { recursive: true })
	await writeFile(path.join(root, ".git", "info", "attributes"), "* filter=x diff=x\n")
	await writeFile(path.join(folder, "attributes"), "* filter=y\n")
	const config: [string, string][] = [
		["filter.x.clean", await program("filter-clean")],
		["filter.x.smudge", await program("filter-smudge")],
		["filter.x.process", await program("filter-process")],
		["filter.x.required", "true"],
		["filter.y.clean", await program("attributes-file-filter")],
		["filter.a=b.clean", await program("filter-named-with-equals")],
		["diff.x.textconv", await program("textconv")],
		["diff.x.command", await program("diff-driver")],
		["diff.external", await program("external-diff")],
		["merge.x.driver", await program("merge-driver")],
		["core.fsmonitor", await program("fsmonitor")],
		["core.pager", await program("pager")],
		["pager.show", await program("pager-show")],
		["core.hooksPath", hooks],
		["core.attributesFile", path.join(folder, "attributes")],
		["core.sshCommand", await program("ssh-command")],
		["core.askPass", await program("askpass")],
		["core.editor", await program("editor")],
		["credential.helper", `!${await program("credential-helper")}`],
		["gpg.program", await program("gpg")],
		["log.showSignature", "true"],
		["alias.status", `!${await program("alias-status")}`],
		["alias.st", `!${await program("alias-st")}`],
		["color.ui", "always"],
		["diff.noprefix", "true"],
	]
	for (const [key, value] of config) git("config", key, value)

	const environment = {
		GIT_EXTERNAL_DIFF: await program("env-external-diff"),
		GIT_PAGER: await program("env-git-pager"),
		PAGER: await program("env-pager"),
		GIT_EDITOR: await program("env-editor"),
		GIT_ASKPASS: await program("env-askpass"),
		SSH_ASKPASS: await program("env-ssh-askpass"),
		GIT_SSH_COMMAND: await program("env-ssh-command"),
		GIT_CONFIG_COUNT: "2",
		GIT_CONFIG_KEY_0: "core.fsmonitor",
		GIT_CONFIG_VALUE_0: await program("env-config-fsmonitor"),
		GIT_CONFIG_KEY_1: "diff.external",
		GIT_CONFIG_VALUE_1: await program("env-config-external-diff"),
		GIT_CONFIG_PARAMETERS: `'core.pager'='${await program("env-config-parameters-pager")}'`,
	}
	return {
		root,
		signedCommit,
		markers,
		ran: () => readdir(markers),
		git,
		hostileEnvironment() {
			const saved = Object.fromEntries(Object.keys(environment).map((key) => [key, process.env[key]]))
			Object.assign(process.env, environment)
			return () => {
				for (const [key, value] of Object.entries(saved))
					if (value === undefined) delete process.env[key]
					else process.env[key] = value
			}
		},
	}
}
