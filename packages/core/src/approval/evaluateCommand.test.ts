import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import type { CommandPlace } from "./commandPaths.js"
import { evaluateCommand, type CommandLists } from "./evaluateCommand.js"
import { commonAllowList, mustAsk, mustRun } from "./evaluateCommand.cases.js"
import { mustDeny } from "./evaluateCommand.denyCases.js"

let sandbox: string
let place: CommandPlace

beforeAll(async () => {
	sandbox = await mkdtemp(path.join(tmpdir(), "cairn-commands-"))
	const root = path.join(sandbox, "ws")
	await mkdir(path.join(root, "src", "sub"), { recursive: true })
	await mkdir(path.join(root, ".cairn"), { recursive: true })
	await mkdir(path.join(root, "secrets"), { recursive: true })
	await mkdir(path.join(sandbox, "outside"), { recursive: true })
	await writeFile(path.join(root, "src", "a.ts"), "a")
	await writeFile(path.join(root, "src", "b.ts"), "b")
	await writeFile(path.join(root, ".env"), "KEY=1")
	await writeFile(path.join(root, "secrets", "key.pem"), "k")
	await writeFile(path.join(root, ".cairn", "hooks.json"), "{}")
	await writeFile(path.join(root, ".cairnignore"), ".env\nsecrets/\n")
	await symlink(path.join(sandbox, "outside"), path.join(root, "link-out"))
	place = { workspaceRoot: root, cwd: root, ignore: await CairnIgnore.load(root) }
})
afterAll(() => rm(sandbox, { recursive: true, force: true }))

const evaluate = (line: string, lists: CommandLists) => evaluateCommand(line, lists, place)

describe("what stays auto-approved (no regression into asking)", () => {
	it.each(mustRun)("%j runs unasked", async (line, allowed) => {
		expect(await evaluate(line, { allowed: allowed ?? commonAllowList, denied: [] })).toEqual({
			decision: "allow",
		})
	})
})

describe("what asks a person", () => {
	it.each(mustAsk)("%j asks (%s)", async (line, because, allowed) => {
		const verdict = await evaluate(line, { allowed: allowed ?? commonAllowList, denied: [] })
		expect(verdict.decision).toBe("ask")
		if (verdict.decision === "ask") expect(verdict.reason).toMatch(because)
	})
})

describe("a denied program is denied however it is spelled or wherever it hides", () => {
	it.each(mustDeny)("%j is denied by %j", async (line, rule) => {
		const verdict = await evaluate(line, { allowed: ["*"], denied: ["touch", "rm", "git push", "curl"] })
		expect(verdict).toMatchObject({ decision: "deny", deniedBy: rule })
	})

	it("denies what may be a denied command once an argument is known, and says so", async () => {
		const verdict = await evaluate("git $(echo push)", { allowed: ["*"], denied: ["git push"] })
		expect(verdict).toMatchObject({
			decision: "deny",
			reason: expect.stringContaining("may run the denied command"),
		})
		const certain = await evaluate("git push", { allowed: ["*"], denied: ["git push"] })
		expect(certain).toMatchObject({ decision: "deny", reason: expect.stringContaining("runs git") })
	})

	it("a deny rule of * denies every program", async () => {
		for (const line of ["echo hi", "git status", "ls && pwd", "find . -exec ls \\;"])
			expect(await evaluate(line, { allowed: ["*"], denied: ["*"] })).toMatchObject({
				decision: "deny",
				deniedBy: "*",
			})
	})

	it("with a deny list, code no rule can see into is not understood, so -y does not approve it", async () => {
		// -y checks a line this way: no allowed rules, only the denied ones.
		const lists = { allowed: [], denied: ["touch"] }
		for (const line of [
			'python3 -c \'open("x", "w")\'',
			"node -e 'x'",
			"node --ev 'x'",
			"perl -e 'x'",
			"perl -ne 'x' src/a.ts",
			"ruby -e 'x'",
			"php -r 'x'",
			"awk 'BEGIN{system(\"touch x\")}'",
			"git -c alias.x='!touch x' x",
			"ssh host ls",
		]) {
			const verdict = await evaluate(line, lists)
			expect(verdict, line).toMatchObject({
				decision: "ask",
				understood: false,
				reason: expect.stringContaining("cannot be checked inside the code it runs"),
			})
		}
		// A shell's -c string is analysed instead: nothing is hidden from the deny list.
		expect(await evaluate("bash -c 'ls'", lists)).toMatchObject({ decision: "ask", understood: true })
		expect(await evaluate("bash -c 'touch x'", lists)).toMatchObject({ decision: "deny" })
		// A rule that names the code allows it: the person chose to.
		expect(await evaluate("node -e 'x'", { allowed: ["node -e"], denied: ["touch"] })).toEqual({
			decision: "allow",
		})
	})

	it("denies even where the rest of the line is not understood", async () => {
		const verdict = await evaluate('rm -rf x; echo "${x@P}"', { allowed: ["*"], denied: ["rm"] })
		expect(verdict).toMatchObject({ decision: "deny", deniedBy: "rm" })
	})
})

describe("rules name programs and argument prefixes", () => {
	it("a rule's program matches however the command spells it", async () => {
		for (const line of ["git log", "/usr/bin/git log", "\\git log", "'git' log", 'g"i"t log'])
			expect(await evaluate(line, { allowed: ["git log"], denied: [] })).toEqual({ decision: "allow" })
	})

	it("a rule covers its argument prefix, word by word", async () => {
		const lists = { allowed: ["git log"], denied: [] }
		expect((await evaluate("git log -p", lists)).decision).toBe("allow")
		expect((await evaluate("git logx", lists)).decision).toBe("ask")
		expect((await evaluate("git --no-pager log", lists)).decision).toBe("ask")
	})

	it("a rule that names a risky argument allows exactly that argument", async () => {
		const lists = { allowed: ["git log --output=notes.txt"], denied: [] }
		expect((await evaluate("git log --output=notes.txt", lists)).decision).toBe("allow")
		expect((await evaluate("git log --output=other.txt", lists)).decision).toBe("ask")
	})

	it("`*` allows risky arguments, except code given inline while a deny list is set", async () => {
		expect((await evaluate("python3 -c 'print(1)'", { allowed: ["*"], denied: [] })).decision).toBe(
			"allow",
		)
		expect((await evaluate("python3 -c 'print(1)'", { allowed: ["*"], denied: ["rm"] })).decision).toBe(
			"ask",
		)
		expect((await evaluate("git log --output=x.txt", { allowed: ["*"], denied: ["rm"] })).decision).toBe(
			"allow",
		)
	})

	it("a program under sudo needs sudo allowed too", async () => {
		expect((await evaluate("sudo ls", { allowed: ["ls"], denied: [] })).decision).toBe("ask")
		expect((await evaluate("sudo ls", { allowed: ["ls", "sudo"], denied: [] })).decision).toBe("allow")
	})

	it("ignores a rule that is not a plain command", async () => {
		for (const rule of ["git log | sh", "$(x)", "a > b", ""])
			expect((await evaluate("git log", { allowed: [rule], denied: [] })).decision).toBe("ask")
	})

	it("without a place, judges the rules only", async () => {
		expect(await evaluateCommand("cat .env", { allowed: ["cat"], denied: [] })).toEqual({
			decision: "allow",
		})
	})
})

describe("the files a command names", () => {
	it("reports an ignored file by name before any other reason, for the person and for -y", async () => {
		const cases: [string, string][] = [
			["cat secrets/key.pem", "secrets/key.pem"],
			["touch x; cat .env", ".env"],
			["cat sec*/*", "secrets/key.pem"],
			["cd secrets && cat key.pem", "secrets"],
			["grep -r password .", ".env"],
			["rg password", ".env"],
			["echo ${x@P}; cat .env", ".env"],
		]
		for (const [line, ignoredPath] of cases)
			expect(await evaluate(line, { allowed: [], denied: [] }), line).toMatchObject({
				decision: "ask",
				ignoredPath,
			})
	})

	it("a recursive reader asks only for folders holding an ignored file", async () => {
		const lists = { allowed: commonAllowList, denied: [] }
		expect(await evaluate("grep -rn TODO src", lists)).toEqual({ decision: "allow" })
		expect(await evaluate("rg TODO src/a.ts", lists)).toEqual({ decision: "allow" })
		expect(await evaluate("ls -R .", lists)).toEqual({ decision: "allow" })
		expect(await evaluate("find . -name '*.ts'", lists)).toEqual({ decision: "allow" })
		expect(await evaluate("grep -rn TODO .", lists)).toMatchObject({
			decision: "ask",
			ignoredPath: ".env",
		})
		const inSrc = { ...place, cwd: path.join(place.workspaceRoot, "src") }
		expect(await evaluateCommand("rg TODO", lists, inSrc)).toEqual({ decision: "allow" })
	})

	it("reports a protected file by name, for the person and for -y", async () => {
		const verdict = await evaluate("cat .cairn/hooks.json", { allowed: ["cat"], denied: [] })
		expect(verdict).toMatchObject({ decision: "ask", protectedPath: ".cairn/hooks.json" })
	})

	it("follows a cd in the line before judging relative paths", async () => {
		const verdict = await evaluate("cd .cairn && cat hooks.json", { allowed: ["cat"], denied: [] })
		expect(verdict.decision).toBe("ask")
		const nested = await evaluate("cd src && cat ../.env", { allowed: ["cat"], denied: [] })
		expect(nested.decision).toBe("ask")
	})

	it("judges paths from the folder the command runs in", async () => {
		const inSrc = { ...place, cwd: path.join(place.workspaceRoot, "src") }
		expect((await evaluateCommand("cat ../.env", { allowed: ["cat"], denied: [] }, inSrc)).decision).toBe(
			"ask",
		)
		expect(await evaluateCommand("cat a.ts", { allowed: ["cat"], denied: [] }, inSrc)).toEqual({
			decision: "allow",
		})
	})
})
