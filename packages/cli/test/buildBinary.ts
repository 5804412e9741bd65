import { buildCli } from "../build.mjs"

/**
 * vitest globalSetup: the end-to-end suites spawn the real binary, so build it once first
 * (esbuild takes about a second), and a stale dist/ from an older checkout is never tested.
 */
export default async function setup(): Promise<void> {
	await buildCli()
}
