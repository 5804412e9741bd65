// Command-analysis benchmark: how long the auto-approval decision for a command line takes (the
// bash parse, wrappers and nested lines, rules, risky arguments and the checks of the files it
// names), the time an auto-approved command waits before it starts. Prints figures; it is not a
// test.
//
//   npm run build && node bench/command-analysis.mjs [--runs 2000]
//
// It imports the BUILT @cairn/core (dist/, through the package exports).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { performance } from "node:perf_hooks"
import { parseArgs } from "node:util"
import { CairnIgnore, evaluateCommand } from "@cairn/core"

const { values } = parseArgs({ options: { runs: { type: "string", default: "2000" } } })
const runs = Number(values.runs)
/** The approval budget of DESIGN.md: an approval to the tool starting, under 5 ms (median). */
const budgetMs = 5

const lines = {
	"short (git status)": "git status",
	"chain with pipe and redirect": "npm ci && npm test 2>&1 | tail -20",
	"paths and a glob": "cat src/a.ts src/b.ts && wc -l src/*.ts",
	"nested bash -c with substitution":
		"bash -c 'git log --oneline -5 && echo $(git status --short) | head -5'",
	"long (40 parts)": Array.from({ length: 40 }, (_, i) => `echo part-${i}`).join(" && "),
}
const allowed = [
	"git status",
	"git log",
	"git rev-parse",
	"npm ci",
	"npm test",
	"tail",
	"head",
	"cat",
	"wc",
	"echo",
	"bash",
]

const root = await mkdtemp(path.join(os.tmpdir(), "cairn-bench-commands-"))
await mkdir(path.join(root, "src"))
for (const name of ["a.ts", "b.ts", "c.ts"]) await writeFile(path.join(root, "src", name), "x")
await writeFile(path.join(root, ".cairnignore"), ".env\nsecrets/\n")
const place = { workspaceRoot: root, cwd: root, ignore: await CairnIgnore.load(root) }
const lists = { allowed, denied: ["rm", "git push"] }

try {
	await evaluateCommand("true", lists, place) // loads the grammar once, as the first command does
	console.log(`command analysis, ${runs} runs each (budget ${budgetMs} ms)`)
	for (const [name, line] of Object.entries(lines)) {
		const times = []
		let verdict
		for (let i = 0; i < runs; i++) {
			const start = performance.now()
			verdict = await evaluateCommand(line, lists, place)
			times.push(performance.now() - start)
		}
		times.sort((a, b) => a - b)
		const median = times[Math.floor(times.length / 2)]
		const p95 = times[Math.floor(times.length * 0.95)]
		const status = median < budgetMs ? "PASS" : "MISS"
		console.log(
			`  ${name.padEnd(34)} ${verdict.decision.padEnd(5)} median ${median.toFixed(3)} ms  p95 ${p95.toFixed(3)} ms  ${status}`,
		)
	}
} finally {
	await rm(root, { recursive: true, force: true })
}
