import { buildCli } from "../../cli/build.mjs"
import { buildAction } from "../build.mjs"

/** vitest globalSetup: the tests run the action's bundle as a runner would, and it runs the built cairn. */
export default async function setup(): Promise<void> {
	await Promise.all([buildCli(), buildAction()])
}
