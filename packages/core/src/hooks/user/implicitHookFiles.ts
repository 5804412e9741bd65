import path from "node:path"
import type { WordValue } from "../../approval/shell/shellWords.js"

const packageManagers = new Set(["npm", "pnpm", "yarn", "bun"])
const makes = new Set(["make", "gmake"])
const python = /^python[0-9.]*$/

/** `python3 -m tools.fmt` runs tools/fmt.py, or the package's __main__.py. */
function pythonModule(args: readonly WordValue[]): string[] {
	const at = args.findIndex((arg) => arg.kind === "literal" && arg.text === "-m")
	const module = args[at + 1]
	if (at === -1 || module?.kind !== "literal") return []
	const parts = module.text.split(".").join("/")
	return [`${parts}.py`, `${parts}/__main__.py`]
}

/**
 * Files a program takes its instructions from without the command naming them: `npm run lint`
 * runs what package.json says, `make` what the Makefile says, `python3 -m tools.fmt` runs
 * tools/fmt.py. The consent to a hook covers them like the files it names.
 */
export function implicitHookFiles(program: string, args: readonly WordValue[]): string[] {
	const name = path.basename(program)
	if (packageManagers.has(name)) return ["package.json"]
	if (makes.has(name)) return ["GNUmakefile", "makefile", "Makefile"]
	if (name === "just") return ["justfile", "Justfile", ".justfile"]
	if (python.test(name)) return pythonModule(args)
	return []
}
