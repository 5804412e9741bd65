import {
	applySettingsPatch,
	defaultSettings,
	type CairnSettings,
	type CairnSettingsPatch,
} from "@cairn/types"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import type { ApprovalRequest } from "../tools/toolDefinition.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import { SpendMeter } from "../budgets/spendMeter.js"
import { decideAutoApproval, type ApprovalPlace, type AutoApprovalUsage } from "./autoApproval.js"

const settings = (patch: CairnSettingsPatch): CairnSettings => applySettingsPatch(defaultSettings(), patch)
/** Usage so far: `autoApproved` actions, and `cost` dollars the task's budget fed the meter. */
const used = (autoApproved: number, cost = 0): AutoApprovalUsage => {
	const spend = new SpendMeter()
	spend.add({ cost, tokens: 0 })
	return { autoApproved, spend }
}
const fresh = used(0)
const read = (isOutsideWorkspace = false): ApprovalRequest => ({
	kind: "read",
	row: { tool: "readFile", path: "a" },
	isOutsideWorkspace,
})
const write = (flags: { isOutsideWorkspace?: boolean; isProtected?: boolean } = {}): ApprovalRequest => ({
	kind: "write",
	row: { tool: "appliedDiff", path: "a", diff: "" },
	absolutePath: "/workspace/a",
	isOutsideWorkspace: flags.isOutsideWorkspace ?? false,
	isProtected: flags.isProtected ?? false,
})
const workspace = mkdtempSync(path.join(tmpdir(), "cairn-auto-approval-"))
afterAll(() => rmSync(workspace, { recursive: true, force: true }))
const place = async (): Promise<ApprovalPlace> => ({
	workspaceRoot: workspace,
	ignore: await CairnIgnore.load(workspace),
})
const run = (command: string): ApprovalRequest => ({
	kind: "execute",
	command: { command },
	folder: workspace,
})
const mcp = (alwaysAllowed: boolean): ApprovalRequest => ({
	kind: "mcp",
	request: { type: "use_mcp_tool", serverName: "s", toolName: "t", arguments: "{}" },
	alwaysAllowed,
})
const toolAsking: Record<ApprovalRequest["kind"], string> = {
	read: "read_file",
	write: "apply_diff",
	execute: "execute_command",
	mcp: "access_mcp_resource",
	mode: "switch_mode",
	browser: "browser_action",
}
const browserLaunch: ApprovalRequest = { kind: "browser", url: "http://127.0.0.1:8080/" }
const modeSwitch: ApprovalRequest = { kind: "mode", row: { tool: "switchMode", mode: "code" } }
const subtask: ApprovalRequest = { kind: "mode", row: { tool: "newTask", mode: "code", content: "x" } }
/** A request as the core tool of its kind makes it. */
const decide = async (s: CairnSettings, request: ApprovalRequest, usage: AutoApprovalUsage) =>
	decideAutoApproval(s, request, usage, toolAsking[request.kind], await place())

describe("decideAutoApproval", () => {
	it("asks for everything by default", async () => {
		for (const request of [read(), write(), run("ls"), mcp(false), modeSwitch, subtask, browserLaunch]) {
			expect(await decide(defaultSettings(), request, fresh)).toEqual({ decision: "ask" })
		}
	})

	it("runs an MCP tool its server's config always allows, whatever the switches say", async () => {
		expect((await decide(defaultSettings(), mcp(true), fresh)).decision).toBe("auto")
		const off = settings({ autoApproval: { enabled: false, mcp: true } })
		expect((await decide(off, mcp(true), fresh)).decision).toBe("auto")
		expect((await decide(off, mcp(false), fresh)).decision).toBe("ask")
	})

	it("never runs an MCP tool unseen in a mode that may not edit every file, whatever allows it", async () => {
		const inArchitect: ApprovalRequest = {
			kind: "mcp",
			request: {
				type: "use_mcp_tool",
				serverName: "fs",
				toolName: "write_file",
				arguments: "{}",
				modeMayNotEdit: "Architect",
			},
			alwaysAllowed: true,
		}
		const everything = settings({
			autoApproval: { enabled: true, mcp: true, readOnly: true, write: true },
		})
		expect(await decide(everything, inArchitect, fresh)).toEqual({ decision: "ask" })
	})

	it("opens the browser without asking only with the browser switch (and the master switch)", async () => {
		const on = settings({ autoApproval: { enabled: true, browser: true } })
		expect((await decide(on, browserLaunch, fresh)).decision).toBe("auto")
		const masterOff = settings({ autoApproval: { enabled: false, browser: true } })
		expect((await decide(masterOff, browserLaunch, fresh)).decision).toBe("ask")
		const others = settings({ autoApproval: { enabled: true, readOnly: true, mcp: true, execute: true } })
		expect((await decide(others, browserLaunch, fresh)).decision).toBe("ask")
	})

	it("auto-approves the other MCP calls with the MCP switch (and the master switch)", async () => {
		expect(
			(await decide(settings({ autoApproval: { enabled: true, mcp: true } }), mcp(false), fresh))
				.decision,
		).toBe("auto")
		expect(
			(await decide(settings({ autoApproval: { enabled: true } }), mcp(false), fresh)).decision,
		).toBe("ask")
	})

	it("mode switches and subtasks each have their own switch (under the master switch)", async () => {
		const switches = settings({ autoApproval: { enabled: true, alwaysAllowModeSwitch: true } })
		expect((await decide(switches, modeSwitch, fresh)).decision).toBe("auto")
		expect((await decide(switches, subtask, fresh)).decision).toBe("ask")
		const spawns = settings({ autoApproval: { enabled: true, alwaysAllowSubtasks: true } })
		expect((await decide(spawns, subtask, fresh)).decision).toBe("auto")
		expect((await decide(spawns, modeSwitch, fresh)).decision).toBe("ask")
		const off = settings({ autoApproval: { alwaysAllowModeSwitch: true, alwaysAllowSubtasks: true } })
		expect((await decide(off, modeSwitch, fresh)).decision).toBe("ask")
		expect((await decide(off, subtask, fresh)).decision).toBe("ask")
	})

	it("a tool always allowed still counts toward the auto-approval limits", async () => {
		const s = settings({ autoApproval: { maxRequests: 2 } })
		expect((await decide(s, mcp(true), used(2))).decision).toBe("limit")
	})

	it("asks when the master switch is off, whatever else is on", async () => {
		const s = settings({
			autoApproval: { enabled: false, readOnly: true, write: true, execute: true },
			allowedCommands: ["*"],
		})
		expect((await decide(s, read(), fresh)).decision).toBe("ask")
	})

	it("auto-approves reads inside the workspace, and outside only with its own switch", async () => {
		const s = settings({ autoApproval: { enabled: true, readOnly: true } })
		expect((await decide(s, read(), fresh)).decision).toBe("auto")
		expect((await decide(s, read(true), fresh)).decision).toBe("ask")
		const outside = settings({
			autoApproval: { enabled: true, readOnly: true, readOnlyOutsideWorkspace: true },
		})
		expect((await decide(outside, read(true), fresh)).decision).toBe("auto")
	})

	it("never auto-approves a read in a credential store, whatever the switches say", async () => {
		const all = settings({
			autoApproval: { enabled: true, readOnly: true, readOnlyOutsideWorkspace: true },
		})
		for (const isOutsideWorkspace of [false, true]) {
			const request: ApprovalRequest = {
				kind: "read",
				row: { tool: "readFile", path: ".ssh/id_ed25519" },
				isOutsideWorkspace,
				credentialStore: "~/.ssh",
			}
			expect((await decide(all, request, fresh)).decision).toBe("ask")
		}
	})

	it("never lets a tool that changes things through the read-only switch", async () => {
		const s = settings({ autoApproval: { enabled: true, readOnly: true } })
		expect((await decideAutoApproval(s, read(), fresh, "read_file", await place())).decision).toBe("auto")
		expect((await decideAutoApproval(s, read(), fresh, "use_mcp_tool", await place())).decision).toBe(
			"ask",
		)
		expect((await decideAutoApproval(s, read(), fresh, "write_to_file", await place())).decision).toBe(
			"ask",
		)
	})

	it("auto-approves writes, but protected files and outside paths only with their own switches", async () => {
		const s = settings({ autoApproval: { enabled: true, write: true } })
		expect((await decide(s, write(), fresh)).decision).toBe("auto")
		expect((await decide(s, write({ isProtected: true }), fresh)).decision).toBe("ask")
		expect((await decide(s, write({ isOutsideWorkspace: true }), fresh)).decision).toBe("ask")
	})

	it("auto-approves a command only when every part is allowed and none denied", async () => {
		const s = settings({
			autoApproval: { enabled: true, execute: true },
			allowedCommands: ["git log", "npm test"],
			deniedCommands: ["git push"],
		})
		expect((await decide(s, run("git log -3 && npm test"), fresh)).decision).toBe("auto")
		expect(await decide(s, run("git log && rm -rf x"), fresh)).toMatchObject({
			decision: "ask",
			command: { decision: "ask" },
		})
		expect(await decide(s, run("git log; git push"), fresh)).toMatchObject({
			decision: "ask",
			command: { decision: "deny", deniedBy: "git push" },
		})
	})

	it("asks, with the reason, for a command that names a protected file", async () => {
		const s = settings({ autoApproval: { enabled: true, execute: true }, allowedCommands: ["cat"] })
		expect(await decide(s, run("cat .vscode/settings.json"), fresh)).toMatchObject({
			decision: "ask",
			command: {
				decision: "ask",
				reason: expect.stringContaining("protected"),
				protectedPath: ".vscode/settings.json",
			},
		})
	})

	it("flags a denied command for the person even when auto-approval is off", async () => {
		const s = settings({ deniedCommands: ["rm"] })
		expect(await decide(s, run("ls && rm -rf x"), fresh)).toMatchObject({
			decision: "ask",
			command: { decision: "deny", deniedBy: "rm" },
		})
		expect(await decide(s, run("ls"), fresh)).toEqual({ decision: "ask" })
	})

	it("never auto-approves a command that runs outside the workspace", async () => {
		const s = settings({ autoApproval: { enabled: true, execute: true }, allowedCommands: ["*"] })
		expect(
			(
				await decide(
					s,
					{ kind: "execute", command: { command: "ls", isOutsideWorkspace: true }, folder: "/" },
					fresh,
				)
			).decision,
		).toBe("ask")
	})

	it("turns an automatic approval into a confirmation at the request limit", async () => {
		const s = settings({ autoApproval: { enabled: true, readOnly: true, maxRequests: 3 } })
		expect((await decide(s, read(), used(2))).decision).toBe("auto")
		expect(await decide(s, read(), used(3))).toEqual({
			decision: "limit",
			limit: { limit: "requests", count: 3 },
		})
	})

	it("turns an automatic approval into a confirmation at the cost limit", async () => {
		const s = settings({ autoApproval: { enabled: true, readOnly: true, maxCost: 0.5 } })
		expect(await decide(s, read(), used(0, 0.5))).toEqual({
			decision: "limit",
			limit: { limit: "cost", cost: 0.5 },
		})
	})

	it("limits never approve what the settings would ask about", async () => {
		const s = settings({ autoApproval: { enabled: true, maxRequests: 1 } })
		expect((await decide(s, write(), used(5))).decision).toBe("ask")
	})
})
