import { defaultSettings } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { SettingsView } from "../SettingsView"

const openrouter = { provider: "openrouter" as const, modelId: "anthropic/claude-sonnet-4.5" }

describe("OpenRouter's routing fields", () => {
	it("the provider order, fallbacks and data collection each send the routing, and defaults leave none", () => {
		loadTask([], { settings: { ...defaultSettings(), provider: openrouter } })
		render(<SettingsView />)
		const order = screen.getByRole("textbox", { name: "Provider order" })
		fireEvent.change(order, { target: { value: " anthropic, together ,," } })
		fireEvent.blur(order)
		expect(posted.at(-1)).toEqual({
			type: "updateTrustSettings",
			settings: { provider: { ...openrouter, openRouter: { order: ["anthropic", "together"] } } },
		})
	})

	it("fallbacks back on removes the setting; each change builds on the last", () => {
		loadTask([], {
			settings: {
				...defaultSettings(),
				provider: { ...openrouter, openRouter: { allowFallbacks: false } },
			},
		})
		render(<SettingsView />)
		const fallbacks = screen.getByRole<HTMLInputElement>("checkbox", { name: "Allow fallbacks" })
		expect(fallbacks.checked).toBe(false)
		fireEvent.click(fallbacks)
		expect(posted.at(-1)).toEqual({ type: "updateTrustSettings", settings: { provider: openrouter } })
		fireEvent.click(screen.getByRole("checkbox", { name: "Only providers that do not keep prompts" }))
		expect(posted.at(-1)).toEqual({
			type: "updateTrustSettings",
			settings: {
				provider: { ...openrouter, openRouter: { dataCollection: "deny" } },
			},
		})
	})

	it("is not shown for other providers", () => {
		loadTask([], { settings: { ...defaultSettings(), provider: { provider: "lmstudio", modelId: "m" } } })
		render(<SettingsView />)
		expect(screen.queryByRole("textbox", { name: "Provider order" })).toBeNull()
	})
})
