import type { ClineAskUseMcpServer, ClineMessage } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ask, say } from "../../../test/fixtures"
import { MessageRow } from "../MessageRow"

const renderRow = (message: ClineMessage, isLast = false) =>
	render(<MessageRow message={message} isFirst={false} isLast={isLast} isCurrentRequest={false} />)

const toolCall = (args: unknown): ClineAskUseMcpServer => ({
	type: "use_mcp_tool",
	serverName: "github",
	toolName: "create_issue",
	arguments: JSON.stringify(args),
})
const resourceRead: ClineAskUseMcpServer = {
	type: "access_mcp_resource",
	serverName: "docs",
	uri: "docs://guides/setup.md",
}
const callAsk = (request: ClineAskUseMcpServer, extra: Partial<ClineMessage> = {}) =>
	ask("use_mcp_server", JSON.stringify(request), extra)
const autoApproved = (request: ClineAskUseMcpServer) =>
	say("mcp_server_request_started", JSON.stringify(request))
const response = (text: string, extra: Partial<ClineMessage> = {}) => say("mcp_server_response", text, extra)

/** Arguments long enough to fold: one line per field, pretty-printed. */
const longArgs = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`field${i}`, `value ${i}`]))

describe("an MCP call row", () => {
	it("while asking, names the tool and the server, waits for approval, and shows the arguments pretty-printed", () => {
		const { container } = renderRow(callAsk(toolCall({ title: "Flaky test", labels: ["ci"] })), true)
		expect(screen.getByText("Cairn wants to use the tool create_issue on github")).toBeTruthy()
		expect(screen.getByText("awaiting approval")).toBeTruthy()
		expect(container.querySelector(".code-block")?.textContent).toContain(
			'{\n  "title": "Flaky test",\n  "labels": [\n    "ci"\n  ]\n}',
		)
	})

	it("once answered or auto-approved, says the tool was used", () => {
		renderRow(autoApproved(toolCall({ title: "Flaky test" })))
		expect(screen.getByText("Cairn used the tool create_issue on github")).toBeTruthy()
		expect(screen.queryByText("awaiting approval")).toBeNull()
	})

	it("an ask the person approved reads as done, not as waiting; a rejected one as wanted", () => {
		renderRow(callAsk(toolCall({}), { outcome: "approved" }), true)
		expect(screen.getByText("Cairn used the tool create_issue on github")).toBeTruthy()
		expect(screen.queryByText(/wants to use/)).toBeNull()
		expect(screen.queryByText("awaiting approval")).toBeNull()
		renderRow(callAsk(toolCall({}), { outcome: "rejected" }))
		expect(screen.getByText("Cairn wanted to use the tool create_issue on github")).toBeTruthy()
	})

	it("in a mode that may not edit files, says the tool may change them all the same", () => {
		renderRow(
			callAsk({
				type: "use_mcp_tool",
				serverName: "fs",
				toolName: "write_file",
				arguments: "{}",
				modeMayNotEdit: "Architect",
			}),
			true,
		)
		expect(
			screen.getByText(
				"Architect mode may not edit files, but this tool may change them: Cairn asks every time.",
			),
		).toBeTruthy()
	})

	it("a server that was not up for the first request has its own row", () => {
		renderRow(
			say(
				"mcp_server_not_ready",
				JSON.stringify({ server: "slow", source: "project", waitedSeconds: 10 }),
			),
		)
		expect(
			screen.getByText(
				"MCP server slow did not connect within 10 s; its tools are offered once it does",
			),
		).toBeTruthy()
	})

	it("a resource read names the server and shows the URI", () => {
		renderRow(callAsk(resourceRead), true)
		expect(screen.getByText("Cairn wants to read a resource of docs")).toBeTruthy()
		expect(screen.getByText("docs://guides/setup.md")).toBeTruthy()
		renderRow(autoApproved(resourceRead))
		expect(screen.getByText("Cairn read a resource of docs")).toBeTruthy()
	})

	it("long arguments are shown in full while waiting for approval", () => {
		const { container } = renderRow(callAsk(toolCall(longArgs)), true)
		expect(container.textContent).toContain('"field14": "value 14"')
		expect(screen.getByRole("button", { name: "Hide arguments (17 lines)" })).toBeTruthy()
	})

	it("long arguments of a call already made start folded", () => {
		const { container } = renderRow(autoApproved(toolCall(longArgs)))
		expect(container.textContent).not.toContain('"field14"')
		fireEvent.click(screen.getByRole("button", { name: "Show arguments (17 lines)" }))
		expect(container.textContent).toContain('"field14": "value 14"')
	})

	it("arguments that are not JSON are shown as they came; none at all is said", () => {
		const { container } = renderRow(
			callAsk({ type: "use_mcp_tool", serverName: "github", toolName: "ping", arguments: "not {json" }),
		)
		expect(container.querySelector(".code-block")?.textContent).toContain("not {json")
		renderRow(callAsk({ type: "use_mcp_tool", serverName: "github", toolName: "ping", arguments: "{}" }))
		expect(screen.getByText("No arguments.")).toBeTruthy()
	})

	it("a request still arriving shows a spinner, not the approval badge", () => {
		renderRow(callAsk(toolCall({}), { partial: true }), true)
		expect(screen.getByRole("status", { name: "The request is still arriving" })).toBeTruthy()
		expect(screen.queryByText("awaiting approval")).toBeNull()
	})
})

describe("an MCP response row", () => {
	it("shows the result text", () => {
		renderRow(response("Issue #42 created"))
		expect(screen.getByText("MCP result")).toBeTruthy()
		expect(screen.getByText("Issue #42 created")).toBeTruthy()
	})

	it("folds a long result", () => {
		const long = "x".repeat(2000)
		renderRow(response(long))
		expect(screen.queryByText(long)).toBeNull()
		fireEvent.click(screen.getByRole("button", { name: "Show all (2,000 characters)" }))
		expect(screen.getByText(long)).toBeTruthy()
	})

	it("a failed call is an error, without the Error: prefix", () => {
		const { container } = renderRow(response("Error: The server did not answer within 60 s"))
		expect(screen.getByText("The MCP call failed")).toBeTruthy()
		expect(container.querySelector(".row-error")?.textContent).toBe(
			"The server did not answer within 60 s",
		)
	})

	it("while the call runs, shows the latest progress line with a spinner", () => {
		renderRow(response("Progress 3/10: step three", { partial: true }), true)
		expect(screen.getByRole("status", { name: "The MCP call is running" })).toBeTruthy()
		expect(screen.getByText("Progress 3/10: step three")).toBeTruthy()
		expect(screen.queryByText("MCP result")).toBeNull()
	})

	it("an empty result says so", () => {
		renderRow(response(""))
		expect(screen.getByText("The server returned nothing.")).toBeTruthy()
	})
})
