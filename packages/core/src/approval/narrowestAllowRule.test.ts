import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import type { CommandPlace } from "./commandPaths.js"
import { evaluateCommand } from "./evaluateCommand.js"
import { narrowestAllowRule } from "./narrowestAllowRule.js"

let sandbox: string
let place: CommandPlace

beforeAll(async () => {
	sandbox = await mkdtemp(path.join(tmpdir(), "cairn-allow-rule-"))
	await mkdir(path.join(sandbox, "src"))
	await mkdir(path.join(sandbox, ".cairn"))
	await writeFile(path.join(sandbox, "src", "a.ts"), "a")
	await writeFile(path.join(sandbox, ".env"), "KEY=1")
	await writeFile(path.join(sandbox, ".cairnignore"), ".env\n")
	place = { workspaceRoot: sandbox, cwd: sandbox, ignore: await CairnIgnore.load(sandbox) }
})
afterAll(() => rm(sandbox, { recursive: true, force: true }))

/** [line, the rules offered, what is allowed already (default: nothing)] */
const offered: [string, string[], string[]?][] = [
	["git log --oneline -5", ["git log"]],
	["git status", ["git status"]],
	["/usr/bin/git diff HEAD~1", ["git diff"]],
	["npm test", ["npm test"]],
	["npm run build", ["npm run build"]],
	["npm run lint -- --fix", ["npm run lint"]],
	["pnpm run test:unit", ["pnpm run test:unit"]],
	["cargo build --release", ["cargo build"]],
	["cargo run --bin x", ["cargo run"]],
	["docker compose up -d", ["docker compose up"]],
	["kubectl get pods", ["kubectl get"]],
	["git stash list", ["git stash list"]],
	["make test", ["make test"]],
	["ls -la src", ["ls"]],
	["rg -n TODO src", ["rg"]],
	["./gradlew test", ["./gradlew test"]],
	["./scripts/check.sh --fast", ["./scripts/check.sh"]],
	["npm run 'my script'", ["npm run 'my script'"]],
	// an interpreter: the script it runs, or the options it is given
	["python3 src/a.ts", ["python3 src/a.ts"]],
	["python3 -m pytest -x", ["python3 -m pytest"]],
	["node --version", ["node --version"]],
	["bash ./scripts/check.sh arg", ["bash ./scripts/check.sh"]],
	// only what is not allowed yet, and only what the line needs
	["git log | grep fix", ["grep"], ["git log"]],
	["git log | grep fix", ["git log", "grep"]],
	["cd src && ls", ["ls"]],
	["npm ci && npm test", ["npm ci", "npm test"]],
	["npm ci && npm test", ["npm test"], ["npm ci"]],
	["timeout 60 npm test", ["npm test"]],
	["echo $(git rev-parse HEAD)", ["git rev-parse", "echo"]],
	["bash -c 'git status'", ["git status"]],
	["echo ${name:-x}", ["echo"]],
]

/** [line, why nothing is offered, allowed already (default: nothing), denied (default: nothing)] */
const refused: [string, RegExp, string[]?, string[]?][] = [
	["git log > out.txt", /writes to a file/],
	["tee notes.txt", /write files/],
	["cat .env", /\.cairnignore|ignored/],
	["cat .cairn/hooks.json", /protected/],
	["cat /etc/passwd", /outside the workspace/],
	["python3 -c 'import os'", /run code/],
	["node -e 'x'", /run code/],
	["find . -fprint out.txt", /write files/],
	["git -c core.pager=x log", /names no subcommand/],
	["git --no-pager log", /names no subcommand/],
	["git", /names no subcommand/],
	["git $SUB", /names no subcommand/],
	["npm run $SCRIPT", /only when it runs/],
	["python3 $SCRIPT", /only when it runs/],
	["$CMD x", /only known when the line runs/],
	["echo ${x@P}", /not analysed/],
	["x=1; echo $x", /variable/],
	["PATH=/tmp git status", /PATH/],
	["sudo ls", /another user/],
	["'*' x", /short of "\*"/],
	["rm -rf x", /denied command "rm"/, [], ["rm"]],
	["git status", /cover it already/, ["git status"]],
]

describe("narrowestAllowRule offers the program and its subcommand, never more", () => {
	it.each(offered)("%j -> %j", async (line, rules, allowed = []) => {
		expect(await narrowestAllowRule(line, { allowed, denied: [] }, place)).toEqual({
			kind: "rules",
			rules,
		})
	})

	it.each(offered)(
		"%j: with the rules offered added, the line runs unasked",
		async (line, rules, allowed = []) => {
			const lists = { allowed: [...allowed, ...rules], denied: [] }
			expect(await evaluateCommand(line, lists, place)).toEqual({ decision: "allow" })
		},
	)

	it("a rule for a subcommand does not allow the program's other subcommands", async () => {
		const lists = { allowed: ["git log"], denied: [] }
		expect((await evaluateCommand("git push", lists, place)).decision).toBe("ask")
	})
})

describe("narrowestAllowRule offers nothing when no rule short of * would allow the line", () => {
	it.each(refused)("%j: %s", async (line, because, allowed = [], denied = []) => {
		const suggestion = await narrowestAllowRule(line, { allowed, denied }, place)
		expect(suggestion.kind).toBe("none")
		if (suggestion.kind === "none") expect(suggestion.reason).toMatch(because)
	})
})
