import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
export const codeServerBin = path.join(repoRoot, ".tools/code-server/node_modules/.bin/code-server")
/** Screenshots of each step of the real-editor suites, kept after the run. */
export const screenshotsDir = path.join(repoRoot, "test-results/e2e")
export const fixtureWorkspace = path.join(repoRoot, "e2e/fixtures/workspace")

const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"))
export const extensionVersion = manifest.version
export const extensionId = `${manifest.publisher}.${manifest.name}`
export const vsixPath = path.join(repoRoot, `${manifest.name}-${manifest.version}.vsix`)
export const viewContainerTitle = manifest.contributes.viewsContainers.activitybar[0].title
