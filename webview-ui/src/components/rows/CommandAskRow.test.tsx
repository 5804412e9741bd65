import type { ClineMessage } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ask } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { MessageRow } from "./MessageRow"

const commandAsk = (payload: Record<string, unknown>, extra: Partial<ClineMessage> = {}) =>
	ask("command", JSON.stringify(payload), extra)
const renderRow = (message: ClineMessage, isLast = true) =>
	render(<MessageRow message={message} isFirst={false} isLast={isLast} isCurrentRequest={false} />)
const alwaysAllow = () => screen.queryByRole("button", { name: /from now on/ })

describe("Always allow on a command ask", () => {
	it("names the rule before anything is saved, and sends the ask's ts with the rule shown", () => {
		const row = commandAsk({
			command: "git log --oneline -5",
			reason: '"git …" is not in the allowed commands ("git log --oneline -5")',
			allowRules: ["git log"],
		})
		renderRow(row)
		const button = alwaysAllow()
		expect(button?.textContent).toBe('Allow "git log" from now on')
		expect(posted).toEqual([])
		fireEvent.click(button!)
		expect(posted).toEqual([{ type: "alwaysAllowCommand", ts: row.ts, rules: ["git log"] }])
	})

	it("names every rule a line needs", () => {
		renderRow(commandAsk({ command: "npm ci && npm test", allowRules: ["npm ci", "npm test"] }))
		expect(alwaysAllow()?.textContent).toBe('Allow "npm ci", "npm test" from now on')
	})

	it("is not offered when no rule would allow the command", () => {
		renderRow(commandAsk({ command: "git log > out.txt", reason: 'it writes to a file ("> out.txt")' }))
		expect(alwaysAllow()).toBeNull()
	})

	it("is not offered on a denied command, nor once the ask is answered or no longer waiting", () => {
		const rules = { command: "git log", allowRules: ["git log"] }
		const { unmount } = renderRow(commandAsk({ ...rules, deniedBy: "git" }))
		expect(alwaysAllow()).toBeNull()
		unmount()
		const answered = renderRow(commandAsk(rules, { outcome: "approved" }))
		expect(alwaysAllow()).toBeNull()
		answered.unmount()
		renderRow(commandAsk(rules), false)
		expect(alwaysAllow()).toBeNull()
	})
})
