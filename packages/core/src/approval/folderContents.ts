import { lstat, readdir } from "node:fs/promises"
import path from "node:path"
import { cairnIgnoreFile } from "../workspace/ignoreRules.js"
import type { CommandPlace, PathFinding } from "./commandPaths.js"
import { readArguments, type OptionSyntax } from "./rules/optionSyntax.js"
import type { Invocation } from "./shell/invocations.js"

/** Entries looked at under one folder before giving up and asking. */
const walkBudget = 10_000

/** Whether any of these options (long ones also abbreviated) is among the arguments. */
function hasOption(invocation: Invocation, syntax: OptionSyntax, names: string[]): boolean {
	const texts = invocation.args.map((arg) => (arg.kind === "dynamic" ? undefined : arg.text))
	return readArguments(texts, syntax).options.some(
		(option) =>
			names.includes(option.name) ||
			(option.name.startsWith("--") && names.some((name) => name.startsWith(option.name))) ||
			(option.name === "-d" && option.value === "recurse") ||
			(option.name.startsWith("--dir") && option.value === "recurse"),
	)
}

/**
 * Programs that read every file under a folder they are given (`grep -r`, `rg`, `tar c`,
 * `cp -r`, `zip -r`, and whatever `find -exec` runs on what it finds). A folder holding files the
 * ignore file blocks hands those files over as surely as naming them; listing names (`ls -R`,
 * `find` alone) does not read them.
 */
export function readsFoldersWhole(invocation: Invocation): boolean {
	if (invocation.wrappers.some((wrapper) => wrapper.program === "find")) return true
	const [first] = invocation.args
	switch (invocation.program) {
		case "rg":
		case "ag":
		case "ack":
			return true
		case "git":
			return first?.kind === "literal" && first.text === "grep"
		case "grep":
		case "egrep":
		case "fgrep":
		case "zgrep":
			return hasOption(invocation, { valueLetters: "efmABCdD" }, [
				"-r",
				"-R",
				"--recursive",
				"--dereference-recursive",
			])
		case "tar":
		case "bsdtar":
			return hasOption(invocation, { valueLetters: "fCTXbgKNLVHIF", oldStyle: true }, [
				"-c",
				"-r",
				"-u",
				"--create",
				"--append",
				"--update",
			])
		case "cp":
		case "scp":
		case "rsync":
			return hasOption(invocation, { valueLetters: "tSeBfT" }, [
				"-r",
				"-R",
				"-a",
				"--recursive",
				"--archive",
			])
		case "zip":
			return hasOption(invocation, {}, ["-r", "-R", "--recurse-paths", "--recurse-patterns"])
		default:
			return false
	}
}

/**
 * Asks when a recursive reader reads a folder holding a file the ignore file blocks. `named` are
 * the workspace paths it names that passed their own check; when none exists it reads the folder
 * it runs in (`grep -r key`, `rg key`), which is each of `bases`.
 */
export async function checkFolderContents(
	named: string[],
	bases: string[],
	place: CommandPlace,
	findings: PathFinding[],
): Promise<void> {
	if (place.ignore.source === undefined) return
	const kinds = await Promise.all(
		named.map((relative) =>
			lstat(path.join(place.workspaceRoot, relative)).then(
				(stats) => (stats.isDirectory() ? "folder" : "file"),
				() => "missing",
			),
		),
	)
	const folders = named.filter((_, i) => kinds[i] === "folder")
	if (!kinds.some((kind) => kind !== "missing"))
		for (const base of bases) {
			const relative = path.relative(place.workspaceRoot, base)
			if (!relative.startsWith("..") && !path.isAbsolute(relative))
				folders.push(relative === "" ? "." : relative)
		}
	for (const folder of folders) {
		const found = await firstIgnoredUnder(folder, place)
		if (found === "too many")
			findings.push({
				reason: `it reads the folder ${folder}, which holds too many files to check against ${cairnIgnoreFile}`,
			})
		else if (found !== undefined)
			findings.push({
				reason: `it reads the folder ${folder}, which holds ${found}, blocked by ${cairnIgnoreFile}`,
				ignoredPath: found,
			})
	}
}

async function firstIgnoredUnder(
	folder: string,
	place: CommandPlace,
): Promise<string | "too many" | undefined> {
	const queue = [folder]
	let seen = 0
	for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
		const entries = await readdir(path.join(place.workspaceRoot, current), { withFileTypes: true }).catch(
			() => [],
		)
		// In name order, so the file a message names does not depend on the file system.
		entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
		for (const entry of entries) {
			if (++seen > walkBudget) return "too many"
			const relative = current === "." ? entry.name : `${current}/${entry.name}`
			if (entry.isDirectory()) {
				if (!place.ignore.isFolderAllowed(relative)) return relative
				// git's own folder holds no workspace file.
				if (entry.name !== ".git") queue.push(relative)
			} else if (!place.ignore.isAllowed(relative)) return relative
		}
	}
	return undefined
}
