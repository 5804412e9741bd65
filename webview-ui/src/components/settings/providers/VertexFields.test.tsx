import { defaultSettings } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { WelcomeView } from "../../welcome/WelcomeView"
import { SettingsView } from "../SettingsView"

const commit = (label: string, value: string) => {
	const input = screen.getByRole("textbox", { name: label })
	fireEvent.change(input, { target: { value } })
	fireEvent.blur(input)
}

describe("VertexFields", () => {
	it("in the welcome form: Vertex needs a project and a region before it can be saved, the key file is optional", () => {
		render(<WelcomeView version="1.2.3" />)
		fireEvent.change(screen.getByRole("combobox", { name: "Provider" }), { target: { value: "vertex" } })
		commit("Model id", "gemini-2.5-pro")
		const save = screen.getByRole("button", { name: "Save and start" })
		commit("Google Cloud project id", "my-project")
		expect(save.hasAttribute("disabled")).toBe(true)
		commit("Region", "us-east5")
		commit("Service account key file (optional)", "/keys/sa.json")
		fireEvent.click(save)
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: {
					provider: {
						provider: "vertex",
						modelId: "gemini-2.5-pro",
						vertex: {
							projectId: "my-project",
							region: "us-east5",
							credentialsFile: "/keys/sa.json",
						},
					},
				},
			},
		])
	})

	it("in the settings: shown for Vertex only; a change is sent once project and region are both there", () => {
		const vertex = { provider: "vertex" as const, modelId: "claude-sonnet-4-5@20250929" }
		loadTask([], { settings: { ...defaultSettings(), provider: vertex }, hasApiKey: false })
		render(<SettingsView />)
		commit("Google Cloud project id", "my-project")
		expect(posted).toEqual([])
		commit("Region", "europe-west1")
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: {
					provider: { ...vertex, vertex: { projectId: "my-project", region: "europe-west1" } },
				},
			},
		])
	})

	it("is not shown for other providers", () => {
		loadTask([], {
			settings: { ...defaultSettings(), provider: { provider: "gemini", modelId: "gemini-2.5-pro" } },
			hasApiKey: false,
		})
		render(<SettingsView />)
		expect(screen.queryByRole("textbox", { name: "Google Cloud project id" })).toBeNull()
	})
})
