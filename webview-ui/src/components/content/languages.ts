/**
 * The languages code blocks are highlighted in, by shiki's id. Each grammar is its own lazily
 * loaded chunk; anything else is shown as plain text.
 */
export const highlightedLanguages = [
	"typescript",
	"tsx",
	"javascript",
	"jsx",
	"json",
	"jsonc",
	"shellscript",
	"powershell",
	"python",
	"css",
	"scss",
	"html",
	"xml",
	"markdown",
	"diff",
	"yaml",
	"toml",
	"ini",
	"rust",
	"go",
	"java",
	"kotlin",
	"c",
	"cpp",
	"csharp",
	"swift",
	"ruby",
	"php",
	"sql",
	"dockerfile",
] as const
export type HighlightedLanguage = (typeof highlightedLanguages)[number]

const aliases: Readonly<Record<string, HighlightedLanguage>> = {
	ts: "typescript",
	mts: "typescript",
	cts: "typescript",
	js: "javascript",
	mjs: "javascript",
	cjs: "javascript",
	sh: "shellscript",
	bash: "shellscript",
	zsh: "shellscript",
	shell: "shellscript",
	console: "shellscript",
	ps1: "powershell",
	py: "python",
	htm: "html",
	svg: "xml",
	md: "markdown",
	patch: "diff",
	yml: "yaml",
	rs: "rust",
	golang: "go",
	kt: "kotlin",
	h: "c",
	"c++": "cpp",
	cc: "cpp",
	hpp: "cpp",
	cs: "csharp",
	rb: "ruby",
	cfg: "ini",
	conf: "ini",
}

const known = new Set<string>(highlightedLanguages)

/** The language of a fence tag ("ts", "TypeScript", "bash"), or undefined to show plain text. */
export function languageOfTag(tag: string | undefined): HighlightedLanguage | undefined {
	if (tag === undefined) return undefined
	const name = tag.trim().toLowerCase()
	if (known.has(name)) return name as HighlightedLanguage
	return aliases[name]
}

/** The language of a file from its name: "src/app.tsx" is tsx, "Dockerfile" is dockerfile. */
export function languageOfPath(path: string): HighlightedLanguage | undefined {
	const base = path.split(/[\\/]/).pop() ?? ""
	if (/^dockerfile$/i.test(base)) return "dockerfile"
	const dot = base.lastIndexOf(".")
	return dot > 0 ? languageOfTag(base.slice(dot + 1)) : undefined
}
