import { defaultSettings } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { loadTask } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { SettingsView } from "./SettingsView"

const local = { provider: "openai" as const, modelId: "served", baseUrl: "http://127.0.0.1:8000/v1" }

function renderWith(provider = local) {
	loadTask([], { settings: { ...defaultSettings(), provider } })
	render(<SettingsView />)
}

const commit = (input: HTMLElement, value: string) => {
	fireEvent.change(input, { target: { value } })
	fireEvent.blur(input)
}

describe("the model info fields", () => {
	it("prices are overrides per million tokens, fractions allowed, and empty takes them back", () => {
		renderWith()
		commit(screen.getByRole("spinbutton", { name: "Input price ($ per million tokens)" }), "0.15")
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: { provider: { ...local, modelInfo: { inputPrice: 0.15 } } },
			},
		])
		posted.length = 0
		commit(screen.getByRole("spinbutton", { name: "Cache read price ($ per million tokens)" }), "-1")
		expect(screen.getByText("The smallest allowed value is 0.")).toBeTruthy()
		expect(posted).toEqual([])
	})

	it("a capability is yes, no, or what Cairn knows", () => {
		renderWith({ ...local, modelInfo: { supportsImages: false } } as typeof local)
		const images = screen.getByRole<HTMLSelectElement>("combobox", { name: "Reads images" })
		expect(images.value).toBe("no")
		fireEvent.change(images, { target: { value: "" } })
		expect(posted).toEqual([{ type: "updateTrustSettings", settings: { provider: local } }])
		posted.length = 0
		fireEvent.change(screen.getByRole("combobox", { name: "Reasons before answering" }), {
			target: { value: "yes" },
		})
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: {
					provider: { ...local, modelInfo: { supportsReasoning: true } },
				},
			},
		])
	})
})
