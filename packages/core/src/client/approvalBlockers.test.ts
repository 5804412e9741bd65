import type { ClineMessage } from "@cairn/types"
import { describe, expect, it } from "vitest"
import { approvalBlockers, type ApprovalPolicy } from "./approvalBlockers.js"

const yes: ApprovalPolicy = {
	autoApprove: true,
	allowOutsideWorkspace: true,
	allowProtected: true,
	deniedCommands: () => [],
}
const toolAsk = (row: object): ClineMessage => ({
	ts: 1,
	type: "ask",
	ask: "tool",
	text: JSON.stringify(row),
})

describe("approvalBlockers", () => {
	it("never lets -y read a credential store, whatever the flags allow", async () => {
		const row = { tool: "readFile", path: ".ssh/id_ed25519", credentialStore: "~/.ssh" }
		expect(await approvalBlockers(toolAsk(row), yes)).toEqual([
			".ssh/id_ed25519 is in a credential store (~/.ssh); reading it needs a person",
		])
	})

	it("never lets -y call an MCP tool in a mode that may not edit every file", async () => {
		const call = (modeMayNotEdit?: string): ClineMessage => ({
			ts: 1,
			type: "ask",
			ask: "use_mcp_server",
			text: JSON.stringify({
				type: "use_mcp_tool",
				serverName: "fs",
				toolName: "write_file",
				arguments: "{}",
				...(modeMayNotEdit && { modeMayNotEdit }),
			}),
		})
		expect(await approvalBlockers(call("Architect"), yes)).toEqual([
			"the MCP tool write_file of fs may change files, which Architect mode may not; a person decides",
		])
		expect(await approvalBlockers(call(), yes)).toEqual([])
	})

	it("lets -y read an ordinary workspace file", async () => {
		expect(await approvalBlockers(toolAsk({ tool: "readFile", path: "src/a.ts" }), yes)).toEqual([])
	})
})
