// The protocol package (@cairn/types) as the host runs it, so the benches post exactly what the
// host would: the state snapshot's page and summary come from the functions the host calls
// (DeltaStream.opening: lastPage, and taskSummaryOf, which the host's summary tracker starts from).
// The package is built to dist when its sources are newer than the build.
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const types = path.join(root, "packages", "types")
const built = path.join(types, "dist", "index.js")

function newestSource(dir) {
	let newest = 0
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name)
		newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs)
	}
	return newest
}

if (!existsSync(built) || statSync(built).mtimeMs < newestSource(path.join(types, "src")))
	execFileSync("npm", ["run", "build", "-w", "@cairn/types"], { cwd: root, stdio: "ignore" })

export const { defaultSettings, emptyExtensionState, lastPage, taskSummaryOf } = await import("@cairn/types")
