import { mkdtemp, rm } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import type { TestProject } from "vitest/node"
import { buildCli } from "../../cli/build.mjs"
import { buildAction } from "../build.mjs"

declare module "vitest" {
	export interface ProvidedContext {
		/** The action bundled fresh from its sources, apart from the committed one (test/bundle.test.ts compares them). */
		actionBundle: string
	}
}

/**
 * vitest globalSetup: the tests run the action's bundle as a runner would, and it runs the built
 * cairn: build both once. The action is built into a folder of its own, so the tests run today's
 * sources and never rewrite the committed dist/index.mjs.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
	const folder = await mkdtemp(path.join(os.tmpdir(), "cairn-action-bundle-"))
	const [, bundle] = await Promise.all([
		buildCli(),
		buildAction({ outfile: path.join(folder, "index.mjs") }),
	])
	project.provide("actionBundle", bundle)
	return () => rm(folder, { recursive: true, force: true })
}
