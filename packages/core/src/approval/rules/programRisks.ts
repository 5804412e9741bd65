import type { OptionSyntax } from "./optionSyntax.js"

export type RiskEffect = "writes files" | "runs code"

/** Options of one program that make it write files or run code; each spelling it accepts. */
export interface OptionRisk {
	/** Every name of the option: `-x`, `--extract`, `--get`. A long name covers its abbreviations. */
	names: string[]
	effect: RiskEffect
}

/** What is known about a program whose options can make it write files or run code. */
export interface ProgramRisks {
	syntax: OptionSyntax
	options: OptionRisk[]
	/**
	 * The program itself runs code whatever its options (ssh, vim): a rule must name the program
	 * to allow it; `*` does not.
	 */
	always?: { effect: RiskEffect; why: string }
	/** Operands starting with `+` are commands (vim's `+cmd`). */
	plusCommands?: boolean
	/** Its program text comes inline (sed, awk): checked for commands and file writes in it. */
	script?: {
		/** Options whose value is program text. */
		inline: string[]
		/** Options naming a file of program text, which cannot be checked: these run code. */
		file: string[]
		/** Without either, the first operand is the program. */
		check: (script: string) => boolean
	}
}

const runs = (...names: string[]): OptionRisk => ({ names, effect: "runs code" })
const writes = (...names: string[]): OptionRisk => ({ names, effect: "writes files" })

/** npm's and npx's: what runs scripts, and configuration files that could name it. */
const npm: ProgramRisks = {
	syntax: { valueLetters: "c" },
	options: [
		runs("--script-shell"),
		runs("--node-options"),
		runs("--userconfig"),
		runs("--globalconfig"),
		runs("-c", "--call"),
		runs("--shell"),
	],
}

const python: ProgramRisks = { syntax: { valueLetters: "cmWXQ" }, options: [runs("-c")] }

// awk's system(), pipes to or from commands, and print > file all leave awk.
const awkScript = (script: string) => /system|getline|[|>]|@load|@include/.test(script)
const awk: ProgramRisks = {
	syntax: {
		valueLetters: "fvFeEilW",
		longWithValue: [
			"--file",
			"--assign",
			"--field-separator",
			"--source",
			"--exec",
			"--include",
			"--load",
		],
	},
	options: [
		runs("-E", "--exec"),
		runs("-i", "--include"),
		runs("-l", "--load"),
		runs("-W"),
		writes("-o", "--pretty-print"),
		writes("-p", "--profile"),
		writes("-d", "--dump-variables"),
	],
	script: { inline: ["-e", "--source"], file: ["-f", "--file"], check: awkScript },
}

/** Even where a rule allows vim, commands given to it run unseen: `-c '!touch x'`, `+cmd`. */
const vim: ProgramRisks = {
	syntax: { valueLetters: "cSsuUTitwWr", longWithValue: ["--cmd"] },
	options: [runs("-c", "--cmd"), runs("-S"), runs("-s"), runs("-u", "-U")],
	always: { effect: "runs code", why: "its commands (-c, +cmd, :!, modelines) run programs" },
	plusCommands: true,
}
const pager: ProgramRisks = {
	syntax: {},
	options: [],
	always: { effect: "runs code", why: "its commands (!, |, v) and LESSOPEN run programs" },
}

const ssh: ProgramRisks = {
	syntax: { valueLetters: "BbcDEeFIiJLlmOopQRSWw" },
	// Even where a rule allows ssh: `-o ProxyCommand=…`, `-o LocalCommand=…` and a config file run local commands.
	options: [runs("-o"), runs("-F")],
	always: {
		effect: "runs code",
		why: "it runs commands on another machine, and its options (-o ProxyCommand) run local ones",
	},
}
const scp: ProgramRisks = {
	syntax: { valueLetters: "cDFiJloPSX" },
	options: [runs("-S"), runs("-o"), runs("-F"), runs("-D")],
}

const tar: ProgramRisks = {
	syntax: { valueLetters: "fCTXbgKNLVHIF", oldStyle: true },
	options: [
		writes("-x", "--extract", "--get"),
		runs("--to-command"),
		runs("--checkpoint-action"),
		runs("-I", "--use-compress-program"),
		runs("--rsh-command"),
		runs("-F", "--info-script", "--new-volume-script"),
	],
}

/**
 * Programs people allow as readers or builders, and what their options can do beyond that. One
 * table, read by riskyArguments; git's subcommands have their own below.
 */
export const programRisks: Record<string, ProgramRisks> = {
	npm,
	npx: npm,
	pnpm: {
		syntax: { valueLetters: "c" },
		options: [
			runs("--script-shell"),
			runs("--node-options"),
			runs("--config.script-shell"),
			runs("--config.node-options"),
			runs("-c", "--shell"),
		],
	},
	yarn: {
		syntax: {},
		options: [
			runs("--script-shell"),
			runs("--node-options"),
			runs("--use-yarnrc"),
			runs("--rc-filename"),
		],
	},
	node: {
		syntax: { valueLetters: "eprC" },
		options: [
			runs("-e", "--eval"),
			runs("-p", "--print"),
			runs("-r", "--require"),
			runs("--import"),
			runs("--loader", "--experimental-loader"),
			runs("--env-file"),
			runs("-i", "--interactive"),
		],
	},
	bun: { syntax: { valueLetters: "epr" }, options: [runs("-e", "--eval"), runs("-p", "--print")] },
	perl: {
		syntax: { valueLetters: "eEIMm" },
		options: [runs("-e"), runs("-E"), runs("-M"), runs("-m"), runs("-d"), writes("-i")],
	},
	ruby: {
		syntax: { valueLetters: "eIrCEFK" },
		options: [runs("-e"), runs("-r", "--require"), writes("-i")],
	},
	php: {
		syntax: { valueLetters: "rBREFdcz" },
		options: [
			runs("-r"),
			runs("-B"),
			runs("-R"),
			runs("-E"),
			runs("-F"),
			runs("-d"),
			runs("-c"),
			runs("-z"),
		],
	},
	python,
	pypy: python,
	rg: { syntax: {}, options: [runs("--pre"), runs("--hostname-bin")] },
	find: {
		syntax: { dashWords: true, noEndMarker: true },
		options: [writes("-delete"), writes("-fprint", "-fprint0", "-fprintf", "-fls")],
	},
	make: { syntax: { valueLetters: "CfIjloW" }, options: [runs("--eval", "-E")] },
	cargo: { syntax: {}, options: [runs("--config")] },
	go: {
		syntax: { dashWords: true },
		options: [runs("-toolexec", "--toolexec"), runs("-exec", "--exec"), writes("-o")],
	},
	sort: {
		syntax: { valueLetters: "kotST" },
		options: [writes("-o", "--output"), runs("--compress-program")],
	},
	sed: {
		syntax: { valueLetters: "efl", longWithValue: ["--expression", "--file", "--line-length"] },
		options: [writes("-i", "--in-place")],
		script: {
			inline: ["-e", "--expression"],
			file: ["-f", "--file"],
			// The e command runs its argument; w, W and the s///w flag write files.
			check: (script) => /(^|[;{}\n\s\d$!,/])[ewW](\s|$|;|})|\/[gpIiMm0-9]*[ewW]\b/.test(script),
		},
	},
	awk,
	gawk: awk,
	mawk: awk,
	nawk: awk,
	tar,
	bsdtar: tar,
	ar: { syntax: { oldStyle: true }, options: [writes("-x", "-r", "-q", "-d", "-m")] },
	zip: { syntax: { dashWords: true }, options: [runs("-TT", "--unzip-command")] },
	curl: {
		syntax: { valueLetters: "oKDcdHXAuTbFwxeErUmyYzQ" },
		options: [
			writes("-o", "--output"),
			writes("-O", "--remote-name", "--remote-name-all"),
			writes("-K", "--config"),
			writes("-D", "--dump-header"),
			writes("-c", "--cookie-jar"),
		],
	},
	man: {
		syntax: { valueLetters: "PCLMmSsepREI" },
		options: [
			runs("-P", "--pager"),
			runs("-H", "--html"),
			runs("-X", "--gxditview"),
			runs("-T", "--troff-device"),
		],
	},
	ssh,
	slogin: ssh,
	scp,
	sftp: scp,
	rsync: {
		syntax: { valueLetters: "eBfTM", longWithValue: ["--rsh", "--rsync-path", "--remote-option"] },
		options: [
			runs("-e", "--rsh"),
			runs("--rsync-path"),
			runs("-M", "--remote-option"),
			writes("--log-file"),
			writes("--write-batch", "--only-write-batch"),
		],
	},
	vim,
	vi: vim,
	nvim: vim,
	ex: vim,
	view: vim,
	vimdiff: vim,
	gvim: vim,
	rvim: vim,
	emacs: {
		...vim,
		always: { effect: "runs code", why: "its --eval, -l and file-local variables run code" },
	},
	less: pager,
	more: pager,
	most: pager,
}

/** git's options before the subcommand: `-c` sets any configuration, which decides what runs. */
export const gitGlobal: ProgramRisks = {
	syntax: {
		valueLetters: "cC",
		longWithValue: ["--git-dir", "--work-tree", "--namespace", "--config-env"],
	},
	options: [runs("-c"), runs("--config-env"), runs("--exec-path")],
}

/** git's options after the subcommand, for every subcommand. */
export const gitAnySubcommand: ProgramRisks = {
	// Letters some subcommand takes a value with, so a value is not read as options (`log -Sfoo`).
	syntax: { valueLetters: "mFcCSGLnUOtXABIxoeubj" },
	options: [
		writes("--output", "-o", "--output-directory"),
		runs("--exec", "--upload-pack", "--receive-pack", "--ext-diff", "--extcmd", "--template"),
		runs("-O", "--open-files-in-pager"),
		runs("--textconv", "--filters"),
	],
}

const signs = runs("-S", "--gpg-sign")

/** What git's subcommands add; a subcommand listed with `always` runs code whatever its options. */
export const gitSubcommands: Record<string, OptionRisk[] | "always" | ((args: string[]) => boolean)> = {
	commit: [signs, runs("-e", "--edit")],
	"commit-tree": [signs],
	merge: [signs],
	pull: [signs],
	revert: [signs],
	"cherry-pick": [signs],
	am: [signs],
	tag: [runs("-s", "--sign", "-u", "--local-user")],
	rebase: [signs, runs("-i", "--interactive", "-x")],
	clone: [runs("-u", "-c", "--config")],
	config: (args) =>
		!args.some((arg) =>
			["--get", "--get-all", "--get-regexp", "--list", "-l", "get", "list"].includes(arg),
		),
	submodule: (args) => args.includes("foreach"),
	bisect: (args) => args.includes("run"),
	"filter-branch": "always",
	difftool: "always",
	mergetool: "always",
	"send-email": "always",
	instaweb: "always",
	"web--browse": "always",
}
