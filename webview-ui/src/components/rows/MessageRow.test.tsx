import type { ClineMessage } from "@cairn/types"
import { act, fireEvent, render, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { apiRequest, ask, say } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { MessageRow } from "./MessageRow"

function renderRow(
	message: ClineMessage,
	{ isFirst = false, isLast = false, isCurrentRequest = false } = {},
) {
	return render(
		<MessageRow
			message={message}
			isFirst={isFirst}
			isLast={isLast}
			isCurrentRequest={isCurrentRequest}
		/>,
	)
}

const json = (value: unknown) => JSON.stringify(value)
const png = "data:image/png;base64,iVBORw0KGgo="
const diff = [
	"--- a/src/total.ts",
	"+++ b/src/total.ts",
	"@@ -1,3 +1,3 @@",
	" export function total(items: Item[]) {",
	"-\treturn items.reduce((sum, i) => sum + i.price, 0)",
	"+\treturn items.reduce((sum, i) => sum + i.price * i.quantity, 0)",
	" }",
	"",
].join("\n")

describe("user rows", () => {
	it("an editor action's code shows as a code block, not as backtick fences", () => {
		const text = "Explain what this code does and why:\n\nsrc/a.ts (lines 1-1):\n```ts\nconst a = 1\n```"
		const { container } = renderRow(say("text", text), { isFirst: true })
		expect(container.querySelector(".code-block-language")?.textContent).toBe("ts")
		expect(container.querySelector(".code-block code")?.textContent).toBe("const a = 1")
		expect(screen.getByText(/Explain what this code does and why:/).textContent).toBe(
			"Explain what this code does and why:\n\nsrc/a.ts (lines 1-1):",
		)
		expect(container.textContent).not.toContain("```")
	})

	it("the first message is the task, with its images", () => {
		renderRow(say("text", "Refactor calculateTotal", { images: [png] }), { isFirst: true })
		expect(screen.getByText("Task")).toBeTruthy()
		expect(screen.getByText("Refactor calculateTotal")).toBeTruthy()
		expect(screen.getByRole("img", { name: "Image 1" }).getAttribute("src")).toBe(png)
	})

	it("user_feedback is the person speaking", () => {
		renderRow(say("user_feedback", "Use a for loop instead"))
		expect(screen.getByText("You")).toBeTruthy()
		expect(screen.getByText("Use a for loop instead")).toBeTruthy()
	})

	it("a message that gave a custom command shows the command, its prompt folded, and the text after it", () => {
		const text =
			'<command name="explain" source=".cairn/commands/explain.md">\nExplain it simply.\n</command>\nthe parser'
		const { container } = renderRow(say("user_feedback", text))
		expect(container.querySelector("summary")?.textContent).toBe("/explain .cairn/commands/explain.md")
		expect(container.querySelector("details")?.open).toBe(false)
		expect(screen.getByText("Explain it simply.")).toBeTruthy()
		expect(screen.getByText("the parser")).toBeTruthy()
	})

	it("user_feedback_diff shows what the person changed in a proposal before saving it", () => {
		const { container } = renderRow(
			say("user_feedback_diff", json({ tool: "editedExistingFile", path: "src/total.ts", diff })),
		)
		expect(screen.getByText("You edited the change to src/total.ts before saving it")).toBeTruthy()
		expect(container.textContent).toContain("i.price * i.quantity")
	})
})

describe("assistant rows", () => {
	it("text is markdown, with code blocks and a copy button", () => {
		const { container } = renderRow(
			say(
				"text",
				"I'll change **one** line:\n\n```ts\nconst total = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |",
			),
		)
		expect(container.querySelector("strong")?.textContent).toBe("one")
		expect(container.querySelector(".code-block code")?.textContent).toBe("const total = 1")
		expect(container.querySelector("table")).not.toBeNull()
		expect(screen.getByRole("button", { name: "Copy code" })).toBeTruthy()
		expect(screen.getByRole("button", { name: "Copy answer" })).toBeTruthy()
	})

	it("raw HTML in the model's text stays text", () => {
		const { container } = renderRow(
			say("text", 'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script>'),
		)
		expect(container.querySelector("img")).toBeNull()
		expect(container.querySelector("script")).toBeNull()
	})

	it("reasoning is folded until opened", () => {
		renderRow(say("reasoning", "The total ignores quantity."))
		const toggle = screen.getByRole("button", { name: /Reasoning/ })
		expect(toggle.getAttribute("aria-expanded")).toBe("false")
		expect(screen.queryByText("The total ignores quantity.")).toBeNull()
		fireEvent.click(toggle)
		expect(screen.getByText("The total ignores quantity.")).toBeTruthy()
	})

	it("reasoning that is still streaming says so", () => {
		renderRow(say("reasoning", "Let me", { partial: true }))
		expect(screen.getByText("Thinking…")).toBeTruthy()
	})

	it("completion_result shows the result as markdown", () => {
		const { container } = renderRow(say("completion_result", "Fixed `total` to use quantities."))
		expect(screen.getByText("Task completed")).toBeTruthy()
		expect(container.querySelector("code")?.textContent).toBe("total")
	})

	it("subtask_result shows what the subtask handed back, as markdown", () => {
		const { container } = renderRow(say("subtask_result", "Wrote `CHANGELOG.md` for 2.0."))
		expect(screen.getByText("Subtask finished")).toBeTruthy()
		expect(container.querySelector("code")?.textContent).toBe("CHANGELOG.md")
	})
})

describe("API request rows", () => {
	it("a finished request shows tokens, cache and cost", () => {
		renderRow(
			apiRequest({
				request: "summary",
				tokensIn: 12_300,
				tokensOut: 512,
				cacheReads: 30_000,
				cacheWrites: 1200,
				cost: 0.0123,
			}),
		)
		expect(screen.getByText("API Request")).toBeTruthy()
		expect(screen.getByText("$0.01")).toBeTruthy()
		expect(screen.getByText("↑ 12.3K in · ↓ 512 out · cache writes 1.2K · cache reads 30K")).toBeTruthy()
	})

	it("marks tokens the provider has not counted yet as Cairn's estimate", () => {
		const { container } = renderRow(
			apiRequest({ request: "x", tokensIn: 4_000, tokensOut: 120, estimated: true }),
			{ isCurrentRequest: true },
		)
		const mark = screen.getByTitle("Estimated: the provider has not reported its count yet")
		expect(mark.getAttribute("aria-label")).toBe("estimated")
		expect(container.querySelector(".api-tokens")?.textContent).toBe("~↑ 4K in · ↓ 120 out")
	})

	it("the current request without cost spins; its summary opens on demand", () => {
		renderRow(apiRequest({ request: "<task>Fix it</task>" }), { isCurrentRequest: true })
		expect(screen.getByRole("status", { name: "Waiting for the model" })).toBeTruthy()
		fireEvent.click(screen.getByRole("button", { name: /API Request/ }))
		expect(screen.getByText("<task>Fix it</task>")).toBeTruthy()
	})

	it("an older request without cost does not spin forever", () => {
		renderRow(apiRequest({ request: "x" }), { isCurrentRequest: false })
		expect(screen.queryByRole("status")).toBeNull()
		expect(screen.getByText("API Request (unfinished)")).toBeTruthy()
	})

	it("a cancelled request says so", () => {
		renderRow(apiRequest({ request: "x", cancelReason: "user_cancelled" }), { isCurrentRequest: true })
		expect(screen.getByText("API Request Cancelled")).toBeTruthy()
		expect(screen.queryByRole("status")).toBeNull()
	})

	it("a failed request shows why", () => {
		renderRow(apiRequest({ request: "x", streamingFailedMessage: "socket hang up" }), {
			isCurrentRequest: true,
		})
		expect(screen.getByText("API Request Failed")).toBeTruthy()
		expect(screen.getByText("socket hang up")).toBeTruthy()
	})
})

describe("retry rows", () => {
	afterEach(() => {
		vi.useRealTimers()
	})

	it("count down from when the attempt's wait began, in one row the host updates", () => {
		vi.useFakeTimers()
		const delay = { attempt: 2, maxAttempts: 5, delayMs: 3000, error: "Rate limited", status: 429 }
		// The row keeps the first retry's ts; the second attempt's wait began later.
		const message = say("api_req_retry_delayed", json({ ...delay, waitStartedAt: Date.now() }), {
			ts: Date.now() - 60_000,
		})
		renderRow(message)
		expect(screen.getByRole("timer").textContent).toBe("Retrying in 3s (attempt 2 of 5)")
		expect(screen.getByText("Rate limited")).toBeTruthy()
		act(() => vi.advanceTimersByTime(1000))
		expect(screen.getByRole("timer").textContent).toBe("Retrying in 2s (attempt 2 of 5)")
		act(() => vi.advanceTimersByTime(2000))
		expect(screen.getByRole("timer").textContent).toBe("Retrying now (attempt 2 of 5)")
	})

	it.each([
		["succeeded", "The request went through after 2 retries"],
		["failed", "The request failed after 2 retries"],
		["cancelled", "Retrying stopped: the task was cancelled"],
	])("once the request %s, say how it ended instead of counting down", (result, title) => {
		const delay = { attempt: 2, maxAttempts: 5, delayMs: 3000, error: "Rate limited", result }
		renderRow(say("api_req_retry_delayed", json(delay)))
		expect(screen.queryByRole("timer")).toBeNull()
		expect(screen.getByText(title)).toBeTruthy()
		expect(screen.getAllByText("Rate limited")).toHaveLength(1)
	})
})

describe("governance and hook rows", () => {
	const hook = (row: object) => say("hook", json(row))

	it("a selected intent: its id and name, the injected context folded", () => {
		renderRow(
			hook({
				kind: "context",
				hook: "ContextInjectorHook",
				toolName: "select_active_intent",
				context: '<intent_context id="INT-001">owned scope</intent_context>',
				intentId: "INT-001",
				intentName: "Login form",
			}),
		)
		expect(screen.getByText("Working on intent INT-001: Login form")).toBeTruthy()
		expect(screen.queryByText(/owned scope/)).toBeNull()
		fireEvent.click(screen.getByRole("button", { name: "Show injected context" }))
		expect(screen.getByText(/owned scope/)).toBeTruthy()
	})

	it("context from a user hook names the hook", () => {
		renderRow(hook({ kind: "context", hook: "./lint.sh", toolName: "read_file", context: "use tabs" }))
		expect(screen.getByText("Context added by hook ./lint.sh")).toBeTruthy()
	})

	it("a blocked tool: which hook, which tool, and why", () => {
		renderRow(
			hook({
				kind: "blocked",
				hook: "ScopeEnforcementHook",
				toolName: "write_to_file",
				reason: "No intent is active. Changes are blocked until an intent is selected.",
			}),
		)
		expect(screen.getByText("ScopeEnforcementHook blocked write_to_file")).toBeTruthy()
		expect(screen.getByText(/Changes are blocked until an intent is selected/)).toBeTruthy()
	})

	it("a failed hook and an ended intent say what happened", () => {
		renderRow(
			hook({
				kind: "failed",
				hook: "sleep 30",
				toolName: "read_file",
				error: "it timed out after 1 s",
			}),
		)
		expect(screen.getByText("Hook sleep 30 failed")).toBeTruthy()
		expect(screen.getByText("it timed out after 1 s")).toBeTruthy()
		renderRow(hook({ kind: "intentEnded", intentId: "INT-001", reason: "its status is now DONE" }))
		expect(screen.getByText("Intent INT-001 is no longer active")).toBeTruthy()
		expect(screen.getByText("its status is now DONE")).toBeTruthy()
	})

	it("a scope-violation ask shows the intent, the path and the reason", () => {
		renderRow(
			ask(
				"tool",
				json({
					tool: "scopeViolation",
					intentId: "INT-001",
					intentName: "Login form",
					toolName: "write_to_file",
					path: "src/billing/pay.ts",
					reason: "src/billing/pay.ts is outside the owned scope of INT-001 (src/auth/**)",
				}),
			),
			{ isLast: true },
		)
		expect(screen.getByText("Cairn wants to change a file outside intent INT-001")).toBeTruthy()
		expect(screen.getByText("INT-001")).toBeTruthy()
		expect(screen.getByText(/Login form/)).toBeTruthy()
		expect(screen.getByText("src/billing/pay.ts")).toBeTruthy()
		expect(screen.getByText(/outside the owned scope of INT-001/)).toBeTruthy()
		expect(screen.getByText("awaiting approval")).toBeTruthy()
	})

	it("a scope-violation ask for a command shows the command", () => {
		const { container } = renderRow(
			ask(
				"tool",
				json({
					tool: "scopeViolation",
					intentId: "INT-001",
					toolName: "execute_command",
					command: "npm run migrate",
					reason: "execute_command does not say which files it changes",
				}),
			),
			{ isLast: true },
		)
		expect(
			screen.getByText("Cairn wants to run execute_command, which intent INT-001 cannot vouch for"),
		).toBeTruthy()
		expect(container.querySelector(".code-block code")?.textContent).toBe("npm run migrate")
	})
})

describe("tool rows", () => {
	it("readFile: the path and the lines read", () => {
		renderRow(ask("tool", json({ tool: "readFile", path: "src/total.ts", reason: "lines 1-40" })), {
			isLast: true,
		})
		expect(screen.getByText("Cairn wants to read this file")).toBeTruthy()
		expect(screen.getByText("src/total.ts")).toBeTruthy()
		expect(screen.getByText("lines 1-40")).toBeTruthy()
		expect(screen.getByText("awaiting approval")).toBeTruthy()
	})

	it("list files, auto-approved, outside the workspace", () => {
		renderRow(
			say(
				"tool",
				json({
					tool: "listFilesRecursive",
					path: "../other",
					isOutsideWorkspace: true,
					content: "a.ts\nb.ts",
				}),
			),
		)
		expect(screen.getByText("Cairn listed this folder recursively")).toBeTruthy()
		expect(screen.getByText("outside workspace")).toBeTruthy()
		fireEvent.click(screen.getByRole("button", { name: "Show content" }))
		expect(screen.getByText(/a\.ts/)).toBeTruthy()
	})

	it("searchFiles: the regex and its results", () => {
		renderRow(
			say(
				"tool",
				json({
					tool: "searchFiles",
					path: "src",
					regex: "calculate\\w+",
					filePattern: "*.ts",
					content: "src/a.ts\n3 | calculateTotal()",
				}),
			),
		)
		expect(screen.getByText("/calculate\\w+/")).toBeTruthy()
		expect(screen.getByText("in *.ts")).toBeTruthy()
		fireEvent.click(screen.getByRole("button", { name: "Show results" }))
		expect(screen.getByText(/3 \| calculateTotal\(\)/)).toBeTruthy()
	})

	it.each(["editedExistingFile", "appliedDiff"] as const)(
		"%s: the path and a coloured diff, open while asking",
		(tool) => {
			const { container } = renderRow(ask("tool", json({ tool, path: "src/total.ts", diff })), {
				isLast: true,
			})
			expect(screen.getByText("Cairn wants to edit this file")).toBeTruthy()
			expect(screen.getByText("src/total.ts")).toBeTruthy()
			expect(screen.getByLabelText("1 lines added, 1 removed")).toBeTruthy()
			const added = container.querySelector(".diff-add")
			const removed = container.querySelector(".diff-remove")
			expect(added?.textContent).toContain("i.price * i.quantity")
			expect(removed?.textContent).toContain("sum + i.price, 0)")
			expect(container.querySelectorAll(".diff-context")).toHaveLength(2)
		},
	)

	it("an approval already answered starts folded", () => {
		const { container } = renderRow(
			ask("tool", json({ tool: "appliedDiff", path: "src/total.ts", diff })),
			{
				isLast: false,
			},
		)
		expect(container.querySelector(".diff")).toBeNull()
		expect(screen.getByRole("button", { name: "Show diff" })).toBeTruthy()
	})

	it("a change already made starts folded", () => {
		const { container } = renderRow(
			say("tool", json({ tool: "appliedDiff", path: "src/total.ts", diff })),
		)
		expect(container.querySelector(".diff")).toBeNull()
		fireEvent.click(screen.getByRole("button", { name: "Show diff" }))
		expect(container.querySelector(".diff-add")).not.toBeNull()
	})

	it("newFileCreated without a diff shows the new content", () => {
		const { container } = renderRow(
			ask("tool", json({ tool: "newFileCreated", path: "src/new.py", content: "print('hi')\n" })),
			{
				isLast: true,
			},
		)
		expect(screen.getByText("Cairn wants to create a new file")).toBeTruthy()
		expect(container.querySelector(".code-block code")?.textContent).toBe("print('hi')\n")
	})

	it("insertContent names the line", () => {
		renderRow(
			ask(
				"tool",
				json({
					tool: "insertContent",
					path: "a.ts",
					lineNumber: 12,
					diff: "@@ -12,0 +12,1 @@\n+// note\n",
				}),
			),
		)
		expect(screen.getByText("Cairn wants to insert content at line 12")).toBeTruthy()
	})

	it("searchAndReplace shows what is replaced", () => {
		renderRow(
			ask(
				"tool",
				json({
					tool: "searchAndReplace",
					path: "a.ts",
					diff,
					search: "price",
					replace: "cost",
					useRegex: true,
				}),
			),
		)
		expect(screen.getByText("price")).toBeTruthy()
		expect(screen.getByText("cost")).toBeTruthy()
		expect(screen.getByText("(regex)")).toBeTruthy()
	})

	it("executeCommand (auto-approved) shows the command and its exit code", () => {
		const { container } = renderRow(
			say("tool", json({ tool: "executeCommand", command: "npm test" }), {
				outcome: "auto_approved",
				commandExit: { exitCode: 1 },
			}),
		)
		expect(screen.getByText("Cairn ran a command")).toBeTruthy()
		expect(screen.getByText("auto-approved")).toBeTruthy()
		expect(screen.getByText("exit 1")).toBeTruthy()
		expect(container.querySelector("code")?.textContent).toBe("npm test")
	})

	it.each([
		[undefined, "Cairn wants to edit this file", "awaiting approval"],
		["approved", "Cairn edited this file", "approved"],
		["rejected", "Cairn wanted to edit this file", "rejected"],
		["failed", "Cairn wanted to edit this file", "failed"],
		["cancelled", "Cairn wanted to edit this file", "cancelled"],
	] as const)("an edit asked about ends %s with a title and badge that say so", (outcome, title, badge) => {
		const edit = json({ tool: "editedExistingFile", path: "src/total.ts", diff })
		renderRow(ask("tool", edit, outcome ? { outcome } : {}), { isLast: true })
		expect(screen.getByText(title)).toBeTruthy()
		expect(screen.getByText(badge)).toBeTruthy()
	})

	it("a path opens its file (at the line read), and an approved write offers Open file", () => {
		renderRow(say("tool", json({ tool: "readFile", path: "src/total.ts", reason: "lines 10-80" })))
		fireEvent.click(screen.getByRole("button", { name: "src/total.ts" }))
		expect(posted).toEqual([{ type: "openFile", path: "src/total.ts", line: 10 }])
		posted.length = 0
		const edit = json({ tool: "editedExistingFile", path: "src/total.ts", diff })
		renderRow(ask("tool", edit, { outcome: "approved" }))
		fireEvent.click(screen.getByRole("button", { name: "Open file" }))
		expect(posted).toEqual([{ type: "openFile", path: "src/total.ts" }])
	})

	it("a command run by the person says so, with its exit code", () => {
		renderRow(
			ask("command", json({ command: "npm test" }), {
				outcome: "approved",
				commandExit: { exitCode: 0 },
			}),
		)
		expect(screen.getByText("Cairn ran this command")).toBeTruthy()
		expect(screen.getByText("approved")).toBeTruthy()
		expect(screen.getByText("exit 0")).toBeTruthy()
	})

	it("a subtask the person approved says so, apart from the row that says it started", () => {
		const subtask = json({ tool: "newTask", mode: "code", content: "Fix the parser" })
		renderRow(ask("tool", subtask, { outcome: "approved" }))
		expect(screen.getByText("You approved a subtask in code mode")).toBeTruthy()
		expect(screen.queryByText("Cairn started a subtask in code mode")).toBeNull()
	})

	it("a path outside the workspace is shown, not offered to open", () => {
		renderRow(say("tool", json({ tool: "readFile", path: "../notes.md", isOutsideWorkspace: true })))
		expect(screen.queryByRole("button", { name: "../notes.md" })).toBeNull()
		expect(screen.getByText("../notes.md")).toBeTruthy()
	})

	it("updateTodoList shows each item's status", () => {
		renderRow(
			say(
				"tool",
				json({
					tool: "updateTodoList",
					todos: [
						{ id: "1", content: "Read the code", status: "completed" },
						{ id: "2", content: "Fix total", status: "in_progress" },
					],
				}),
			),
		)
		expect(screen.getByText("Cairn updated the todo list")).toBeTruthy()
		expect(screen.getByText("done:")).toBeTruthy()
		expect(screen.getByText("in progress:")).toBeTruthy()
	})

	it("the person's todo edit shows the list they saved, as theirs", () => {
		renderRow(
			say(
				"user_edit_todos",
				json({
					tool: "updateTodoList",
					todos: [{ id: "1", content: "Fix total", status: "pending" }],
				}),
			),
		)
		expect(screen.getByText("You edited the todo list")).toBeTruthy()
		expect(screen.getByText("Fix total")).toBeTruthy()
	})

	it("a tool row whose JSON does not parse falls back to a generic row", () => {
		renderRow(say("tool", json({ tool: "teleport", where: "mars" })))
		expect(screen.getByText("Message from Cairn")).toBeTruthy()
		expect(screen.getByText("tool")).toBeTruthy()
		expect(screen.getByText(/teleport/)).toBeTruthy()
	})
})

describe("commands", () => {
	it("the command ask shows the command line and a denied prefix as a warning", () => {
		renderRow(
			ask(
				"command",
				json({ command: "rm -rf build && npm run build", cwd: "/work", deniedBy: "rm -rf" }),
			),
			{ isLast: true },
		)
		expect(screen.getByText("Cairn wants to run this command")).toBeTruthy()
		expect(screen.getByText("rm -rf build && npm run build")).toBeTruthy()
		const warning = screen.getByRole("note")
		expect(within(warning).getByText("rm -rf")).toBeTruthy()
		expect(warning.textContent).toContain("never auto-approved")
	})

	it("a command auto-approval left to the person says why; a protected file stands out", () => {
		const { container } = renderRow(
			ask(
				"command",
				json({
					command: "cat .cairn/hooks.json",
					reason: "it names the protected file .cairn/hooks.json",
					protectedPath: ".cairn/hooks.json",
				}),
			),
			{ isLast: true },
		)
		const note = screen.getByRole("note")
		expect(note.textContent).toBe("Not auto-approved: it names the protected file .cairn/hooks.json.")
		expect(note.className).toBe("row-warning")
		expect(container.querySelector(".codicon-shield")).toBeTruthy()
	})

	it("a command that failed in the sandbox says so and that Run leaves the sandbox", () => {
		renderRow(
			ask("command", json({ command: "touch ../x", sandboxFailure: "it wrote outside the workspace" })),
			{ isLast: true },
		)
		expect(screen.getByText("Cairn wants to run this command outside the sandbox")).toBeTruthy()
		expect(screen.getByRole("note").textContent).toContain("failed there: it wrote outside the workspace")
	})

	it("command output renders ANSI colours as classes, never as escape codes", () => {
		const { container } = renderRow(
			ask("command_output", "\u001b[32m✓ 12 passed\u001b[0m\n\u001b[1;31m✗ 1 failed\u001b[0m"),
			{
				isLast: true,
			},
		)
		const output = screen.getByLabelText("Command output")
		expect(output.textContent).not.toContain("\u001b")
		expect(container.querySelector(".ansi-fg-green")?.textContent).toBe("✓ 12 passed")
		const failed = container.querySelector(".ansi-fg-red")
		expect(failed?.textContent).toBe("✗ 1 failed")
		expect(failed?.className).toContain("ansi-bold")
		expect(screen.getByRole("status", { name: "The command is running" })).toBeTruthy()
	})

	it("long command output is folded to its tail until expanded", () => {
		const lines = Array.from({ length: 500 }, (_, i) => `line ${i + 1}`).join("\n")
		renderRow(say("command_output", lines))
		const output = screen.getByLabelText("Command output")
		expect(output.textContent).toContain("line 500")
		expect(output.textContent).not.toContain("line 1\n")
		expect(output.textContent).toContain("earlier lines")
		fireEvent.click(screen.getByRole("button", { name: "Show all output" }))
		expect(screen.getByLabelText("Command output").textContent).toContain("line 1\n")
	})
})

describe("follow-up questions", () => {
	const followup = (partial = false) =>
		ask(
			"followup",
			json({
				question: "Which **file**?",
				suggest: [{ answer: "src/total.ts" }, { answer: "Plan first", mode: "architect" }],
			}),
			{
				partial,
			},
		)

	it("a click on a suggestion answers with exactly its text", () => {
		renderRow(followup(), { isLast: true })
		fireEvent.click(screen.getByRole("button", { name: "src/total.ts" }))
		expect(posted).toEqual([
			{ type: "askResponse", askResponse: "messageResponse", text: "src/total.ts" },
		])
	})

	it("a suggestion meant for another mode switches the mode first", () => {
		renderRow(followup(), { isLast: true })
		fireEvent.click(screen.getByRole("button", { name: /Plan first/ }))
		expect(posted).toEqual([
			{ type: "mode", mode: "architect" },
			{ type: "askResponse", askResponse: "messageResponse", text: "Plan first" },
		])
	})

	it("suggestions of a question already answered, or still arriving, cannot be clicked", () => {
		renderRow(followup(), { isLast: false })
		expect(screen.getByRole("button", { name: "src/total.ts" }).hasAttribute("disabled")).toBe(true)
	})

	it("the suggestion the person chose stays marked", () => {
		renderRow({ ...followup(), chosenSuggestion: 1 }, { isLast: false })
		expect(screen.getByRole("button", { name: /Plan first/ }).getAttribute("aria-pressed")).toBe("true")
		expect(screen.getByRole("button", { name: "src/total.ts" }).getAttribute("aria-pressed")).toBe(
			"false",
		)
	})
})

describe("stops, errors and notices", () => {
	it("error", () => {
		renderRow(say("error", "read_file failed: ENOENT"))
		expect(screen.getByText("Error")).toBeTruthy()
		expect(screen.getByText("read_file failed: ENOENT")).toBeTruthy()
	})

	it("diff_error", () => {
		renderRow(say("diff_error", "No match for the SEARCH block"))
		expect(screen.getByText("The edit could not be applied")).toBeTruthy()
	})

	it("api_req_failed", () => {
		renderRow(ask("api_req_failed", "401 Unauthorized: invalid x-api-key"))
		expect(screen.getByText("API request failed")).toBeTruthy()
		expect(screen.getByText("401 Unauthorized: invalid x-api-key")).toBeTruthy()
	})

	it("rooignore_error names the blocked path", () => {
		renderRow(say("rooignore_error", "secrets/.env"))
		expect(screen.getByText("Access blocked")).toBeTruthy()
		expect(screen.getByText("secrets/.env")).toBeTruthy()
		expect(screen.getByText(".cairnignore")).toBeTruthy()
	})

	it("mistake_limit_reached", () => {
		renderRow(ask("mistake_limit_reached", "The model did not use a tool 3 times."))
		expect(screen.getByText("Cairn is having trouble")).toBeTruthy()
		expect(screen.getByText("The model did not use a tool 3 times.")).toBeTruthy()
	})

	it("resume_task and resume_completed_task", () => {
		renderRow(ask("resume_task", ""))
		expect(screen.getByText("This task was interrupted")).toBeTruthy()
		renderRow(ask("resume_completed_task", ""))
		expect(screen.getByText("This task was completed")).toBeTruthy()
	})

	it("auto_approval_max_req_reached names the request limit", () => {
		renderRow(ask("auto_approval_max_req_reached", json({ limit: "requests", count: 25 })))
		expect(screen.getByText("Auto-approval request limit reached")).toBeTruthy()
		expect(screen.getByText(/auto-approved 25 requests/)).toBeTruthy()
	})

	it("auto_approval_max_req_reached names the cost limit", () => {
		renderRow(ask("auto_approval_max_req_reached", json({ limit: "cost", cost: 2.5 })))
		expect(screen.getByText("Auto-approval cost limit reached")).toBeTruthy()
		expect(screen.getByText(/\$2\.50/)).toBeTruthy()
	})

	it("condense_context shows the token saving", () => {
		renderRow(
			say("condense_context", undefined, {
				contextCondense: {
					cost: 0.02,
					prevContextTokens: 120_000,
					newContextTokens: 30_000,
					summary: "Summary",
				},
			}),
		)
		expect(screen.getByText("Context condensed: 120K → 30K tokens")).toBeTruthy()
	})

	it("condense_context says so while the summary is being written", () => {
		renderRow(say("condense_context", undefined, { partial: true }))
		expect(screen.getByText("Condensing the context…")).toBeTruthy()
		expect(screen.getByRole("status", { name: "Condensing the context" })).toBeTruthy()
	})
})

describe("browser rows", () => {
	it("browser_action_launch names the URL the agent wants to open", () => {
		renderRow(ask("browser_action_launch", "http://127.0.0.1:3000/"), { isLast: true })
		expect(screen.getByText("Cairn wants to open a browser at")).toBeTruthy()
		expect(screen.getByText("http://127.0.0.1:3000/")).toBeTruthy()
	})

	it("browser_action says what was done on the page", () => {
		renderRow(say("browser_action", json({ action: "click", coordinate: "120,35" })))
		expect(screen.getByText("Click at 120,35")).toBeTruthy()
		renderRow(say("browser_action", json({ action: "type", text: "Ada" })))
		expect(screen.getByText('Type "Ada"')).toBeTruthy()
	})

	it("browser_action_result shows the screenshot, the URL and the console log", () => {
		renderRow(
			say(
				"browser_action_result",
				json({
					screenshot: png,
					currentUrl: "http://127.0.0.1:3000/done",
					logs: "[log] submitted Ada",
				}),
			),
		)
		const image = screen.getByRole("img", { name: "Screenshot of http://127.0.0.1:3000/done" })
		expect(image.getAttribute("src")).toBe(png)
		expect(screen.getByText("http://127.0.0.1:3000/done")).toBeTruthy()
		expect(screen.getByText("[log] submitted Ada")).toBeTruthy()
	})

	it("browser_action_result says when Chromium runs without its own sandbox, and why", () => {
		renderRow(say("browser_action_result", json({ screenshot: png, unsandboxed: "runningAsRoot" })))
		expect(screen.getByRole("note").textContent).toContain(
			"Chromium runs without its own sandbox: Cairn runs as root",
		)
	})
})

describe("kinds without a dedicated row", () => {
	it("render a small generic row with their text (so does a payload that does not parse)", () => {
		renderRow(say("browser_action_result", "Screenshot taken"))
		expect(screen.getByText("Message from Cairn")).toBeTruthy()
		expect(screen.getByText("browser_action_result")).toBeTruthy()
		expect(screen.getByText("Screenshot taken")).toBeTruthy()
	})

	it("an unknown kind from a newer host does not crash", () => {
		renderRow({ ts: 1, type: "say", say: "hologram" as never, text: "beep" })
		expect(screen.getByText("hologram")).toBeTruthy()
		expect(screen.getByText("beep")).toBeTruthy()
	})

	it("a payload that is not JSON falls back too", () => {
		renderRow(ask("followup", "not json {"))
		expect(screen.getByText("followup")).toBeTruthy()
	})
})
