import { execFileSync } from "node:child_process"
import { mkdir, writeFile } from "node:fs/promises"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempDir } from "../test-support/tempDir.js"
import { patchSections, unquoteAt } from "./gitOutput.js"

/** Names git writes quoted or with spaces that blur where one name ends. */
const names = [
	"plain.txt",
	"with space.txt",
	"tab\there.txt",
	'quote"here.txt',
	"back\\slash.txt",
	"new\nline.txt",
	"x b/y.txt",
	"été.txt",
	"dir/\u0001control.txt",
]

let temp: Awaited<ReturnType<typeof makeTempDir>>
const git = (...args: string[]) =>
	execFileSync(
		"git",
		["-c", "user.name=T", "-c", "user.email=t@t", "-c", "core.quotePath=false", ...args],
		{
			cwd: temp.dir,
		},
	)

beforeAll(async () => {
	temp = await makeTempDir("cairn-git-output-")
	for (const name of names) {
		await mkdir(path.dirname(path.join(temp.dir, name)), { recursive: true })
		await writeFile(path.join(temp.dir, name), `content of ${JSON.stringify(name)}\n`)
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "names")
})
afterAll(() => temp.remove())

describe("reading the names git writes", () => {
	it("unquotes C-style names to their exact bytes, and refuses what is not a complete quoted name", () => {
		expect(unquoteAt('"a\\tb\\"c\\\\d\\n\\303\\251" rest')).toEqual({ name: 'a\tb"c\\d\né', end: 22 })
		expect(unquoteAt('"unterminated')).toBeUndefined()
		expect(unquoteAt('"bad \\q escape"')).toBeUndefined()
		expect(unquoteAt("not quoted")).toBeUndefined()
	})

	it("splits a real patch into one section per file, each with its exact path", () => {
		const patch = git("show", "--format=", "--patch", "--no-renames", "HEAD").toString("utf8")
		const sections = patchSections(patch)
		expect(sections.map((section) => section.path).sort()).toEqual([...names].sort())
		for (const section of sections)
			expect(section.text).toContain(`+content of ${JSON.stringify(section.path)}`)
	})

	it("gives no path for a section whose first line does not name one file exactly", () => {
		expect(patchSections("diff --git a/x b/y\n+1\n")[0]?.path).toBeUndefined()
		expect(patchSections('diff --git "a/x\n+1\n')[0]?.path).toBeUndefined()
		expect(patchSections("diff --git a/only-half")[0]?.path).toBeUndefined()
		expect(patchSections('diff --cc "m\\tx"\n+1\n')[0]?.path).toBe("m\tx")
		expect(patchSections("* Unmerged path u.txt\n")[0]?.path).toBe("u.txt")
	})
})
