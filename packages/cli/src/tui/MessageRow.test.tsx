import type { ClineMessage } from "@cairn/types"
import { render } from "ink-testing-library"
import { describe, expect, it } from "vitest"
import { MessageRow } from "./MessageRow.js"

const row = (message: Omit<ClineMessage, "ts" | "type">): string => {
	const { lastFrame } = render(<MessageRow message={{ ts: 1, type: "say", ...message }} isTask={false} />)
	return lastFrame() ?? ""
}

describe("context management rows in the TUI", () => {
	it("a condense in progress, then its figures and summary", () => {
		expect(row({ say: "condense_context", partial: true })).toContain("Condensing the context…")
		const done = row({
			say: "condense_context",
			contextCondense: {
				cost: 0.02,
				prevContextTokens: 50_000,
				newContextTokens: 4_000,
				summary: "So far: X.",
			},
		})
		expect(done).toContain("Context condensed: 50.0k → 4,000 tokens ($0.02)")
		expect(done).toContain("So far: X.")
	})

	it("a failed condense says why, and a truncation says what happened", () => {
		expect(row({ say: "condense_context_error", text: "The request failed." })).toContain(
			"Could not condense the context: The request failed.",
		)
		expect(row({ say: "sliding_window_truncation" })).toContain(
			"Older messages were dropped to fit the context window",
		)
	})

	it("a final condense row without its figures shows nothing rather than a stuck spinner", () => {
		expect(row({ say: "condense_context" })).toBe("")
	})
})

describe("checkpoint rows in the TUI", () => {
	const commit = "0123456789abcdef0123456789abcdef01234567"
	it("a saved checkpoint is one dim line with its id; one still being saved shows nothing yet", () => {
		expect(
			row({
				say: "checkpoint_saved",
				text: commit,
				checkpoint: { commit, reason: "beforeChange", history: { messages: 2 } },
			}),
		).toContain("checkpoint 0123456789ab")
		expect(row({ say: "checkpoint_saved", partial: true })).toBe("")
	})

	it("a restore says what it did and how to undo it; checkpoints that are off say why", () => {
		const restore = {
			restoredTo: "f".repeat(40),
			written: ["a.ts"],
			removed: [],
			skipped: [],
			taskRewound: false,
		}
		const line = row({
			say: "checkpoint_saved",
			text: commit,
			checkpoint: { commit, reason: "beforeRestore", history: { messages: 2 }, restore },
		})
		expect(line).toContain("restored files to ffffffffffff: 1 written, 0 removed, 0 left alone")
		expect(line).toContain("restore 0123456789ab")
		expect(
			row({ say: "checkpoint_error", text: "Checkpoints are off for this task: git is not installed" }),
		).toContain("Checkpoints are off for this task")
	})
})

describe("browser rows in the TUI", () => {
	it("an action names what was done, and its result the page and the console (the screenshot is only mentioned)", () => {
		expect(
			row({ say: "browser_action", text: JSON.stringify({ action: "click", coordinate: "120,35" }) }),
		).toContain("Browser click 120,35")
		const result = row({
			say: "browser_action_result",
			text: JSON.stringify({
				screenshot: "data:image/png;base64,iVBORw0KGgo=",
				currentUrl: "http://127.0.0.1:3000/done",
				logs: "[log] submitted Ada",
			}),
		})
		expect(result).toContain("page: http://127.0.0.1:3000/done (screenshot taken)")
		expect(result).toContain("[log] submitted Ada")
		expect(result).not.toContain("base64")
	})

	it("the launch's result says when Chromium runs without its own sandbox, and why", () => {
		const result = row({
			say: "browser_action_result",
			text: JSON.stringify({ currentUrl: "http://127.0.0.1:3000/", unsandboxed: "noUserNamespaces" }),
		})
		expect(result).toContain("Chromium runs without its own sandbox: this system does not allow")
	})

	it("the launch ask names the URL", () => {
		const { lastFrame } = render(
			<MessageRow
				message={{ ts: 1, type: "ask", ask: "browser_action_launch", text: "http://127.0.0.1:3000/" }}
				isTask={false}
			/>,
		)
		expect(lastFrame()).toContain("Open the browser at http://127.0.0.1:3000/")
	})
})

describe("a command ask in the TUI", () => {
	const commandAsk = (extra: Partial<ClineMessage> = {}): string => {
		const text = JSON.stringify({
			command: "git log --oneline -5",
			reason: '"git …" is not in the allowed commands',
			allowRules: ["git log"],
		})
		const message: ClineMessage = { ts: 1, type: "ask", ask: "command", text, ...extra }
		return render(<MessageRow message={message} isTask={false} />).lastFrame() ?? ""
	}

	it("says why it asks and the allowed-command rule that would let it run unasked, until it is answered", () => {
		const waiting = commandAsk()
		expect(waiting).toContain("! not auto-approved")
		expect(waiting).toContain('→ to allow this from now on, add "git log" to "allowedCommands"')
		expect(commandAsk({ outcome: "approved" })).not.toContain("allowedCommands")
	})
})
