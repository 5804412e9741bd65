// Adds up vitest's JSON report and the e2e runner's "e2e: N passed, N failed" lines into the one
// closing line CI reads. Missing reports count as failures, so a step that silently ran
// nothing cannot pass.
import { existsSync, readFileSync } from "node:fs"

// The first vitest report is the main run's; any after the e2e log are runs of their own (the
// packed CLI's).
const [vitestReport, e2eLog, ...moreVitestReports] = process.argv.slice(2)
let passed = 0
let failed = 0

for (const file of [vitestReport, ...moreVitestReports]) {
	const name = file === vitestReport ? "vitest" : `vitest (${file})`
	if (file && existsSync(file)) {
		const report = JSON.parse(readFileSync(file, "utf8"))
		passed += report.numPassedTests ?? 0
		failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0)
		console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`)
	} else {
		console.log(`${name}: no report`)
		failed += 1
	}
}

const e2eLines =
	e2eLog && existsSync(e2eLog)
		? (readFileSync(e2eLog, "utf8").match(/^e2e[^\n]*: \d+ passed, \d+ failed/gm) ?? [])
		: []
if (e2eLines.length === 0) {
	console.log("e2e: no results")
	failed += 1
}
for (const line of e2eLines) {
	const [, p, f] = line.match(/(\d+) passed, (\d+) failed/)
	passed += Number(p)
	failed += Number(f)
}

console.log(`all tests: ${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
