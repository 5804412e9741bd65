import { defaultSettings } from "@cairn/types"
import { act, fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { applyHostMessage } from "../../../state/hostReducer"
import { loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { ImportSection } from "./ImportSection"

describe("Settings > Import from other tools", () => {
	it("asks the host to import Roo Code's settings or its task history (the host shows the picker)", () => {
		loadTask([], { settings: defaultSettings() })
		render(<ImportSection />)
		fireEvent.click(screen.getByRole("button", { name: "Import from Roo Code…" }))
		fireEvent.click(screen.getByRole("button", { name: "Import Roo Code task history…" }))
		expect(posted).toEqual([
			{ type: "importFromRoo", what: "settings" },
			{ type: "importFromRoo", what: "tasks" },
		])
	})

	it("shows the workspace's Claude Code rules before adding them, and adds them when the person says so", () => {
		loadTask([], { settings: defaultSettings() })
		render(<ImportSection />)
		fireEvent.click(screen.getByRole("button", { name: "Claude Code's rules in this workspace…" }))
		expect(posted).toEqual([{ type: "importClaudeRules", apply: false }])
		act(() =>
			applyHostMessage({
				type: "importReport",
				report: {
					source: "claudePermissions",
					from: "/w/.claude/settings.json",
					preview: true,
					lines: [
						{ kind: "allowedCommand", name: "npm run test" },
						{ kind: "readRule", name: "Read(./.env)", skipped: "unsupported_rule" },
					],
				},
			}),
		)
		const lines = screen.getByRole("list", { name: "What the import did" }).textContent
		expect(lines).toContain("allowed command npm run test — to add")
		expect(lines).toContain("rule Read(./.env) — Cairn has no rule of this kind")
		fireEvent.click(screen.getByRole("button", { name: "Add these rules" }))
		expect(posted.at(-1)).toEqual({ type: "importClaudeRules", apply: true })
	})

	it("shows what the import took and what it skipped, and why", () => {
		loadTask([], { settings: defaultSettings() })
		render(<ImportSection />)
		act(() =>
			applyHostMessage({
				type: "importReport",
				report: {
					source: "rooSettings",
					from: "/home/p/roo-code-settings.json",
					lines: [
						{ kind: "profile", name: "default" },
						{
							kind: "profile",
							name: "fireworks",
							skipped: "unsupported_provider",
							detail: "fireworks",
						},
						{ kind: "allowedCommand", name: "npm test", skipped: "already_there" },
					],
				},
			}),
		)
		expect(screen.getByText("1 imported, 2 skipped — from /home/p/roo-code-settings.json")).toBeDefined()
		const lines = screen.getByRole("list", { name: "What the import did" }).textContent
		expect(lines).toContain("profile default — imported")
		expect(lines).toContain("profile fireworks — Cairn does not speak this provider: fireworks")
		expect(lines).toContain("allowed command npm test — already there")
	})
})
