import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { posted } from "../../test/setup"
import { WelcomeView } from "./WelcomeView"

describe("WelcomeView", () => {
	it("says it is waiting for the host until a version arrives", () => {
		render(<WelcomeView />)
		expect(screen.getByRole("heading", { name: "Cairn" })).toBeTruthy()
		expect(screen.getByRole("status").textContent).toBe("Connecting to the extension…")
		expect(screen.queryByTestId("version")).toBeNull()
		expect(screen.queryByRole("form")).toBeNull()
	})

	it("shows the version and the setup form once connected", () => {
		render(<WelcomeView version="1.2.3" />)
		expect(screen.getByTestId("version").textContent).toBe("Version 1.2.3")
		expect(screen.getByRole("form", { name: "Set up a model provider" })).toBeTruthy()
	})

	it("posts the provider as one settings field and the key to secret storage", () => {
		render(<WelcomeView version="1.2.3" />)
		const save = screen.getByRole("button", { name: "Save and start" })
		expect(save.hasAttribute("disabled")).toBe(true)
		fireEvent.change(screen.getByRole("combobox", { name: "Provider" }), { target: { value: "openai" } })
		fireEvent.change(screen.getByRole("textbox", { name: "Model id" }), { target: { value: "gpt-test" } })
		fireEvent.change(screen.getByLabelText("API key"), { target: { value: "sk-123" } })
		fireEvent.click(save)
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: { provider: { provider: "openai", modelId: "gpt-test" } },
			},
			{ type: "updateApiKey", provider: "openai", apiKey: "sk-123" },
		])
		expect((screen.getByLabelText("API key") as HTMLInputElement).value).toBe("")
	})

	it("calls the base URL required for OpenAI-compatible servers, and optional for the others", () => {
		render(<WelcomeView version="1.2.3" />)
		expect(screen.getByRole("textbox", { name: "Base URL (optional)" })).toBeTruthy()
		fireEvent.change(screen.getByRole("combobox", { name: "Provider" }), { target: { value: "openai" } })
		const url = screen.getByRole("textbox", {
			name: "Base URL (required for OpenAI-compatible servers)",
		})
		expect(url.getAttribute("aria-describedby")).toBeTruthy()
		expect(screen.getByText(/leave empty for OpenAI itself/)).toBeTruthy()
	})

	it("an Ollama model without a key posts settings only, with its base URL", () => {
		render(<WelcomeView version="1.2.3" />)
		fireEvent.change(screen.getByRole("combobox", { name: "Provider" }), { target: { value: "ollama" } })
		fireEvent.change(screen.getByRole("textbox", { name: "Model id" }), { target: { value: "qwen" } })
		fireEvent.change(screen.getByRole("textbox", { name: "Base URL (optional)" }), {
			target: { value: "http://127.0.0.1:11434" },
		})
		fireEvent.click(screen.getByRole("button", { name: "Save and start" }))
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: {
					provider: { provider: "ollama", modelId: "qwen", baseUrl: "http://127.0.0.1:11434" },
				},
			},
		])
	})

	it("the editor's own language models ask for neither a key nor a base URL, and nothing typed before is sent", () => {
		render(<WelcomeView version="1.2.3" />)
		fireEvent.change(screen.getByLabelText("API key"), { target: { value: "sk-left-over" } })
		fireEvent.change(screen.getByRole("textbox", { name: "Base URL (optional)" }), {
			target: { value: "https://left.over" },
		})
		fireEvent.change(screen.getByRole("combobox", { name: "Provider" }), {
			target: { value: "vscode-lm" },
		})
		expect(screen.queryByLabelText(/API key/)).toBeNull()
		expect(screen.queryByRole("textbox", { name: /Base URL/ })).toBeNull()
		fireEvent.change(screen.getByRole("textbox", { name: "Model id" }), { target: { value: "gpt-4.1" } })
		fireEvent.click(screen.getByRole("button", { name: "Save and start" }))
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: { provider: { provider: "vscode-lm", modelId: "gpt-4.1" } },
			},
		])
	})
})
