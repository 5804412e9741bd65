import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import type { CommandPlace } from "./commandPaths.js"
import { evaluateCommand } from "./evaluateCommand.js"

/**
 * Every option that makes a program write files or run code, in every spelling the program
 * accepts: separate value, value glued on, bundled behind a harmless flag, `--long=value`,
 * `--long value`, and an abbreviation of the long name. The spellings are generated, so an entry
 * added here is tested in all of them; a rule allowing the program must ask for each.
 */
interface RiskyOption {
	program: string
	/** Words before the option (a subcommand). */
	before?: string
	short?: string
	long?: string
	/** The option's value, when it takes one. */
	value?: string
	/** A flag of the same program that the short option can be bundled behind. */
	bundleAfter?: string
	/** tar's and ar's first word may be a bundle without its dash. */
	oldStyle?: boolean
	/** Arguments after the option. */
	after: string
	/** Allowed rules, when the program alone is not the rule. */
	rule?: string
}

const options: RiskyOption[] = [
	{ program: "tar", short: "x", long: "--extract", bundleAfter: "v", oldStyle: true, after: "-f a.tar" },
	{
		program: "tar",
		short: "I",
		long: "--use-compress-program",
		value: "sh",
		bundleAfter: "t",
		after: "-f a.tar",
	},
	{ program: "tar", long: "--to-command", value: "sh", after: "-tf a.tar" },
	{
		program: "tar",
		short: "F",
		long: "--info-script",
		value: "./x.sh",
		bundleAfter: "c",
		after: "-f a.tar src",
	},
	{
		program: "sed",
		short: "e",
		long: "--expression",
		value: "'1e touch x'",
		bundleAfter: "n",
		after: "src/a.ts",
	},
	{ program: "sed", short: "f", long: "--file", value: "x.sed", bundleAfter: "n", after: "src/a.ts" },
	{ program: "sed", short: "i", long: "--in-place", bundleAfter: "n", after: "p src/a.ts" },
	{ program: "awk", short: "f", long: "--file", value: "p.awk", bundleAfter: "b", after: "src/a.ts" },
	{
		program: "awk",
		short: "e",
		long: "--source",
		value: "'BEGIN{system(\"x\")}'",
		bundleAfter: "b",
		after: "",
	},
	{ program: "gawk", short: "l", long: "--load", value: "./x.so", bundleAfter: "b", after: "'{}'" },
	{ program: "sort", short: "o", long: "--output", value: "out.txt", bundleAfter: "u", after: "src/a.ts" },
	{ program: "sort", long: "--compress-program", value: "sh", after: "src/a.ts" },
	{
		program: "cp",
		short: "t",
		long: "--target-directory",
		value: ".git/hooks",
		bundleAfter: "v",
		after: "src/a.ts",
	},
	{ program: "curl", short: "o", long: "--output", value: "out.sh", bundleAfter: "s", after: "https://x" },
	{ program: "curl", short: "K", long: "--config", value: "x.cfg", bundleAfter: "s", after: "https://x" },
	{ program: "git", short: "c", value: "core.pager=sh", after: "log" },
	{ program: "git", before: "log", long: "--output", value: "out.txt", after: "" },
	{ program: "git", before: "show", long: "--textconv", after: "HEAD" },
	{ program: "git", before: "diff", long: "--ext-diff", after: "" },
	{ program: "git", before: "commit", short: "S", long: "--gpg-sign", bundleAfter: "a", after: "-m x" },
	{
		program: "git",
		before: "rebase",
		short: "i",
		long: "--interactive",
		bundleAfter: "v",
		after: "HEAD~2",
	},
	{ program: "git", before: "rebase", short: "x", long: "--exec", value: "'touch x'", after: "HEAD~2" },
	{
		program: "git",
		before: "clone",
		short: "u",
		long: "--upload-pack",
		value: "'sh -c x'",
		after: "https://x",
	},
	{ program: "git", before: "tag", short: "s", long: "--sign", bundleAfter: "a", after: "v1 -m x" },
	{ program: "rsync", short: "e", long: "--rsh", value: "'sh -c x'", bundleAfter: "a", after: "src/ h:d" },
	{ program: "rsync", long: "--rsync-path", value: "'touch x'", after: "src/ h:d" },
	{ program: "zip", long: "--unzip-command", value: "sh", after: "-T out.zip src/a.ts" },
	{ program: "man", short: "P", long: "--pager", value: "'sh -c x'", bundleAfter: "a", after: "ls" },
	{ program: "man", short: "H", long: "--html", bundleAfter: "a", after: "ls" },
	{ program: "ssh", short: "o", value: "ProxyCommand=x", bundleAfter: "v", after: "host" },
	{ program: "ssh", short: "F", value: "./evil_config", bundleAfter: "v", after: "host" },
	{ program: "scp", short: "S", value: "./x", bundleAfter: "q", after: "src/a.ts h:" },
	{ program: "vim", short: "c", value: "'!touch x'", after: "src/a.ts" },
	{ program: "vim", long: "--cmd", value: "'!touch x'", after: "src/a.ts" },
	{ program: "node", short: "e", long: "--eval", value: "x", after: "" },
	{ program: "node", short: "r", long: "--require", value: "./x.js", after: "src/a.js" },
	{ program: "python3", short: "c", value: "x", bundleAfter: "B", after: "" },
	{ program: "perl", short: "e", value: "x", bundleAfter: "n", after: "src/a.ts" },
	{ program: "perl", short: "M", value: "POSIX", bundleAfter: "n", after: "src/a.ts" },
	{ program: "make", short: "E", long: "--eval", value: "'x:;'", bundleAfter: "s", after: "" },
	{ program: "npm", before: "test", long: "--script-shell", value: "./x.sh", after: "", rule: "npm test" },
	{ program: "rg", long: "--pre", value: "./x", after: "foo src" },
	{ program: "go", before: "build", long: "-toolexec", value: "./x", after: "./...", rule: "go build" },
	{ program: "find", long: "-fprint", value: "out.txt", after: "", rule: "find" },
]

/** Each way the option can be written, as whole lines. */
function spellings(option: RiskyOption): string[] {
	const { program, short, long, value, bundleAfter } = option
	const head = [program, option.before].filter(Boolean).join(" ")
	const tail = option.after
	const withValue = (spelled: string, glue: string) =>
		value === undefined ? spelled : `${spelled}${glue}${value}`
	const lines: string[] = []
	if (short !== undefined) {
		lines.push(withValue(`-${short}`, " "))
		if (value !== undefined) lines.push(`-${short}${value}`)
		if (bundleAfter !== undefined) lines.push(withValue(`-${bundleAfter}${short}`, " "))
	}
	if (long !== undefined) {
		lines.push(withValue(long, "="), withValue(long, " "))
		// go's single-dash flags and find's expressions are not abbreviated.
		if (long.startsWith("--")) lines.push(withValue(long.slice(0, Math.max(4, long.length - 3)), "="))
	}
	const written = lines.map((spelled) => `${head} ${spelled} ${tail}`.trim())
	if (option.oldStyle && short !== undefined) written.push(`${head} ${bundleAfter ?? ""}${short}f a.tar`)
	return written
}

let sandbox: string
let place: CommandPlace

beforeAll(async () => {
	sandbox = await mkdtemp(path.join(tmpdir(), "cairn-spellings-"))
	await mkdir(path.join(sandbox, "src"))
	await writeFile(path.join(sandbox, "src", "a.ts"), "a")
	place = { workspaceRoot: sandbox, cwd: sandbox, ignore: await CairnIgnore.load(sandbox) }
})
afterAll(() => rm(sandbox, { recursive: true, force: true }))

describe.each(
	options.map(
		(option) => [`${option.program} ${option.short ?? ""} ${option.long ?? ""}`, option] as const,
	),
)("%s asks in every spelling", (_, option) => {
	it.each(spellings(option))("%s", async (line) => {
		const verdict = await evaluateCommand(
			line,
			{ allowed: [option.rule ?? option.program], denied: [] },
			place,
		)
		expect(verdict).toMatchObject({
			decision: "ask",
			reason: expect.stringMatching(/run code|write files|runs code|protected/),
		})
	})
})
