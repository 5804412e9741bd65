import { defaultSettings, type CairnSettings } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { loadTask } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { SettingsView } from "./SettingsView"

const gpt = { provider: "openai" as const, modelId: "gpt-test", baseUrl: "http://127.0.0.1:8000/v1" }
const qwen = { provider: "ollama" as const, modelId: "qwen3:8b" }
const settings = (profiles = 2): CairnSettings => ({
	...defaultSettings(),
	provider: gpt,
	profiles: [
		{ id: "p-1", name: "Gateway", provider: gpt },
		{ id: "p-2", name: "Local", provider: qwen },
	].slice(0, profiles),
	currentProfileId: "p-1",
})

function renderSettings(profiles = 2) {
	loadTask([], { settings: settings(profiles), hasApiKey: true })
	render(<SettingsView />)
}
const row = (name: string) => within(screen.getByRole("listitem", { name }))

describe("the Settings view's profiles", () => {
	it("lists each profile with its provider and model, the current one picked; picking another posts it", () => {
		renderSettings()
		expect(row("Gateway").getByRole<HTMLInputElement>("radio").checked).toBe(true)
		expect(row("Local").getByText(/ollama · qwen3:8b/)).toBeTruthy()
		fireEvent.click(row("Local").getByRole("radio"))
		expect(posted).toEqual([{ type: "selectProfile", profileId: "p-2" }])
	})

	it("creates a profile from the current one under a new name", () => {
		renderSettings()
		fireEvent.change(screen.getByLabelText("New profile from the current one"), {
			target: { value: " Work " },
		})
		fireEvent.click(screen.getByRole("button", { name: "Create" }))
		expect(posted).toEqual([{ type: "createProfile", name: "Work" }])
	})

	it("renames in place", () => {
		renderSettings()
		fireEvent.click(row("Local").getByRole("button", { name: "Rename" }))
		fireEvent.change(screen.getByLabelText("New name for Local"), { target: { value: "Laptop" } })
		fireEvent.click(row("Local").getByRole("button", { name: "Rename" }))
		expect(posted).toEqual([{ type: "renameProfile", profileId: "p-2", name: "Laptop" }])
	})

	it("deletes after a confirmation, and never the last profile", () => {
		renderSettings()
		fireEvent.click(row("Local").getByRole("button", { name: "Delete" }))
		expect(posted).toEqual([])
		fireEvent.click(row("Local").getByRole("button", { name: "Delete" }))
		expect(posted).toEqual([{ type: "deleteProfile", profileId: "p-2" }])
	})

	it("cannot delete the only profile", () => {
		renderSettings(1)
		expect(row("Gateway").getByRole<HTMLButtonElement>("button", { name: "Delete" }).disabled).toBe(true)
	})

	it("imports pasted profiles and exports them through the host", () => {
		renderSettings()
		fireEvent.click(screen.getByRole("button", { name: "Export" }))
		fireEvent.click(screen.getByRole("button", { name: "Import…" }))
		const text = '{"cairnProfiles":1,"profiles":[]}'
		fireEvent.change(screen.getByLabelText("Profiles exported by Cairn (JSON)"), {
			target: { value: text },
		})
		fireEvent.click(screen.getByRole("button", { name: "Import" }))
		expect(posted).toEqual([{ type: "exportProfiles" }, { type: "importProfiles", text }])
	})
})
