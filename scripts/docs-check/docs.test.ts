import { readdir } from "node:fs/promises"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { commandLineProgram } from "../../packages/cli/src/cli/commandLine.js"
import { checkCliFlags, flagsOf } from "./cliFlags.js"
import { checkRelativeLinks } from "./relativeLinks.js"

const repoRoot = fileURLToPath(new URL("../..", import.meta.url))
const fixtureRoot = fileURLToPath(new URL("fixtures/repo", import.meta.url))
const cli = flagsOf(commandLineProgram())

/** The CLI's flag references, where a code span that is a flag alone is the CLI's flag. */
const cliPages = ["docs/cli.md", "packages/cli/README.md"]

/** The README, every page under docs/ and the CLI's reference, as paths from the repository's root. */
async function documentation(): Promise<string[]> {
	const pages = await readdir(path.join(repoRoot, "docs"), { recursive: true })
	return [
		"README.md",
		...pages.filter((page) => page.endsWith(".md")).map((page) => path.join("docs", page)),
		"packages/cli/README.md",
	]
}

// Reading every page takes a few seconds; a loaded machine may stretch that well past vitest's
// default limit.
describe("the README and docs/", { timeout: 60_000 }, () => {
	it("link only to files and headings that are in the repository", async () => {
		expect(await checkRelativeLinks(repoRoot, await documentation())).toEqual([])
	})

	it("give `cairn` only flags its command line defines", async () => {
		expect(await checkCliFlags(repoRoot, await documentation(), cli, cliPages)).toEqual([])
	})

	it("are found: the README and one page per topic", async () => {
		expect(await documentation()).toEqual(
			expect.arrayContaining([
				"README.md",
				"docs/cli.md",
				"docs/architecture.md",
				"docs/contributing.md",
			]),
		)
	})
})

describe("the checks themselves, on a fixture with mistakes", () => {
	const pages = ["README.md", "docs/page.md"]

	it("find a missing file, a missing heading, a way out of the repository and an anchor into a folder", async () => {
		expect(await checkRelativeLinks(fixtureRoot, pages)).toEqual([
			{ file: "README.md", line: 8, message: "docs/missing.md: no such file" },
			{
				file: "README.md",
				line: 8,
				message: "docs/page.md#nowhere: no heading with the anchor #nowhere",
			},
			{ file: "README.md", line: 9, message: "../../outside.md: leads outside the repository" },
			{
				file: "README.md",
				line: 9,
				message: "docs/#heading: an anchor into a file that is not a Markdown page",
			},
		])
	})

	it("find a flag the command line does not define, or that the subcommand named does not take", async () => {
		expect(await checkCliFlags(fixtureRoot, pages, cli, ["docs/page.md"])).toEqual([
			{ file: "README.md", line: 13, message: "cairn --frobnicate: the command line has no such flag" },
			{ file: "README.md", line: 13, message: "cairn -Q: the command line has no such flag" },
			{ file: "README.md", line: 13, message: "cairn --how: the command line has no such flag" },
			{
				file: "README.md",
				line: 18,
				message: "cairn --invented-here: the command line has no such flag",
			},
			{ file: "docs/page.md", line: 9, message: "--made-up: the command line has no such flag" },
		])
	})

	it("read flags from commander's definition: options, short forms, subcommands and their aliases", () => {
		expect(cli.global).toContain("--no-tui")
		expect(cli.global).toContain("-P")
		expect(cli.subcommands.get("ps")).toBe(cli.subcommands.get("tasks"))
		expect(cli.subcommands.get("discard")).toContain("--yes-lose-work")
		expect(cli.global).not.toContain("--yes-lose-work")
	})
})
