import { access, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { runCli, withWorld, type CliWorld } from "./support/cliProcess.js"
import { complete } from "./support/scenarios.js"

// Issue 13 item 3: `cairn "explain this"` in a cloned repository must not run the commands of
// its .cairn/hooks.json. They run once the person agreed to that file's exact content; -y is
// not that agreement, --trust-workspace-hooks is.

/**
 * A hook on every tool call that leaves `marker` in the workspace if it ever runs. It writes the
 * marker through a redirection, its output: a file the command names otherwise (`touch marker`)
 * would be covered by the consent, and creating it would ask again.
 */
const hooksFile = (marker: string) =>
	JSON.stringify({
		hooks: {
			PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: `echo ran > ${marker}` }] }],
		},
	})

const ran = (world: CliWorld, marker: string) =>
	access(path.join(world.workspace, marker)).then(
		() => true,
		() => false,
	)

const listing = { toolCalls: [{ name: "list_files", arguments: { path: "." } }] }

/** With -y the model looks around first: two tool calls, for "told once" to mean something. */
const explain = async (world: CliWorld, flags: string[]) => {
	if (flags.includes("-y")) world.server.enqueue(listing)
	world.server.enqueue(complete("It is a repository."))
	return runCli(world, [...world.providerArgs, "--no-tui", ...flags, "explain this"])
}

describe.concurrent("the hooks of a workspace nobody agreed to", () => {
	it.each([[[] as string[]], [["-y"]], [["-y", "--allow-protected", "--allow-outside-workspace"]]])(
		"do not run with %j, and the person is told why once",
		(flags) =>
			withWorld({ files: { ".cairn/hooks.json": hooksFile("hook-ran") } }, async (world) => {
				const run = await explain(world, flags)
				expect(run.code).toBe(0)
				expect(await ran(world, "hook-ran")).toBe(false)
				const output = run.stdout + run.stderr
				expect(output.match(/\.cairn\/hooks\.json was not run/g)).toHaveLength(1)
				expect(output).toContain("--trust-workspace-hooks")
			}),
	)

	it("run with --trust-workspace-hooks, which is remembered for that content and asked again when it changes", () =>
		withWorld({ files: { ".cairn/hooks.json": hooksFile("first-ran") } }, async (world) => {
			const trusted = await explain(world, ["-y", "--trust-workspace-hooks"])
			expect(trusted.code).toBe(0)
			expect(await ran(world, "first-ran")).toBe(true)
			expect(trusted.stdout + trusted.stderr).not.toContain("was not run")

			// The repository changes its hooks: the earlier consent was to other content.
			await writeFile(path.join(world.workspace, ".cairn/hooks.json"), hooksFile("second-ran"))
			const changed = await explain(world, ["-y"])
			expect(await ran(world, "second-ran")).toBe(false)
			expect(changed.stdout + changed.stderr).toContain(".cairn/hooks.json was not run")

			// Back to the content the person agreed to: no flag needed.
			await rm(path.join(world.workspace, "first-ran"))
			await writeFile(path.join(world.workspace, ".cairn/hooks.json"), hooksFile("first-ran"))
			await explain(world, [])
			expect(await ran(world, "first-ran")).toBe(true)
		}))
})
