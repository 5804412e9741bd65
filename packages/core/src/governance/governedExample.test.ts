import path from "node:path"
import { fileURLToPath } from "node:url"
import { defaultSettings } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { runHookCommand } from "../hooks/user/runHookCommand.js"
import { loadUserHooks } from "../hooks/user/userHooksConfig.js"
import { resolveWorkspacePath } from "../workspace/workspacePaths.js"
import { loadIntents } from "./intentsFile.js"
import { IntentScope } from "./intentScope.js"

// The README points people at examples/governed: it must stay a working governed workspace.

const example = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../examples/governed")

describe("the governed example folder", () => {
	it("has intents Cairn reads, one of them in progress", async () => {
		const state = await loadIntents(example)
		expect(state.kind).toBe("on")
		if (state.kind !== "on") return
		expect(state.intents.map((i) => [i.id, i.status])).toEqual([
			["INT-001", "IN_PROGRESS"],
			["INT-002", "PENDING"],
			["INT-003", "DONE"],
		])
		const [auth] = state.intents
		if (auth === undefined) return
		const scope = await IntentScope.load(example, auth)
		const judge = async (p: string) => {
			const resolved = await resolveWorkspacePath(example, p)
			return resolved.ok ? scope.judge(resolved.path) : "unresolved"
		}
		expect(await judge("src/auth/reset.ts")).toBe("owned")
		expect(await judge("docs/reset.md")).toBe("exempt")
		expect(await judge("src/billing/invoice.ts")).toBe("outside")
	})

	it("has a hook that blocks git push and lets other commands run", async () => {
		const config = await loadUserHooks(example, defaultSettings().hooks)
		expect(config.ok).toBe(true)
		const hook = config.ok ? config.fromFile?.hooks.PreToolUse[0]?.hooks[0] : undefined
		expect(hook?.command).toBe("sh .cairn/hooks/no-push.sh")
		const run = (command: string) =>
			runHookCommand(hook?.command ?? "false", {
				cwd: example,
				stdin: JSON.stringify({
					hook_event_name: "PreToolUse",
					tool_name: "execute_command",
					tool_input: { command },
				}),
				timeoutMs: 5_000,
				signal: new AbortController().signal,
			})
		expect(await run("git push origin main")).toMatchObject({
			kind: "exited",
			exitCode: 2,
			stderr: expect.stringContaining("Pushing is done by a person"),
		})
		expect(await run("git status")).toMatchObject({ kind: "exited", exitCode: 0 })
	})
})
