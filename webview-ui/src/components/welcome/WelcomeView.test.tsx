import type { WebviewMessage } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromHost } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { WelcomeView } from "./WelcomeView"

const form = () => screen.getByRole("form", { name: "Set up a model provider" })
const save = () => screen.getByRole("button", { name: "Save and start" })
const chooseProvider = (value: string) =>
	fireEvent.change(screen.getByRole("combobox", { name: "Provider" }), { target: { value } })
/** Types into a field and leaves it, as a person does before the next field. */
function enter(field: HTMLElement, value: string) {
	fireEvent.change(field, { target: { value } })
	fireEvent.blur(field)
}
const modelPicker = () => screen.getByRole("combobox", { name: "Model id" })
const lastOf = <T extends WebviewMessage["type"]>(type: T) =>
	posted.filter((m): m is Extract<WebviewMessage, { type: T }> => m.type === type).at(-1)

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
		expect(form()).toBeTruthy()
	})

	it("offers the demo, which needs no key: the link asks the host to start it", () => {
		render(<WelcomeView version="1.2.3" />)
		const link = screen.getByRole("button", { name: "Try the demo" })
		expect(link.parentElement?.textContent).toContain("without a key")
		posted.length = 0
		fireEvent.click(link)
		expect(posted).toEqual([{ type: "startDemo" }])
	})

	it("asks for the provider, where it is, the key, and only then the model", () => {
		render(<WelcomeView version="1.2.3" />)
		chooseProvider("openai")
		const labels = [...form().querySelectorAll("label")].map((label) => label.textContent)
		expect(labels).toEqual([
			"Provider",
			"Base URL (required for OpenAI-compatible servers)",
			"API key",
			"Model id",
		])
	})

	it("picks the model from the provider's list, asked at the base URL with the key already stored", () => {
		render(<WelcomeView version="1.2.3" />)
		chooseProvider("openai")
		enter(screen.getByRole("textbox", { name: /Base URL/ }), "http://127.0.0.1:8080/v1")
		enter(screen.getByLabelText("API key"), "sk-123")
		expect(posted).toEqual([{ type: "updateApiKey", provider: "openai", apiKey: "sk-123" }])
		expect((screen.getByLabelText("API key") as HTMLInputElement).value).toBe("")
		expect(save().hasAttribute("disabled")).toBe(true)

		fireEvent.focus(modelPicker())
		const asked = lastOf("requestModels")
		expect(asked?.provider).toEqual({ provider: "openai", baseUrl: "http://127.0.0.1:8080/v1" })
		fromHost({
			type: "models",
			requestId: asked?.requestId ?? 0,
			provider: "openai",
			models: [
				{ id: "gpt-test", info: { contextWindow: 128_000 } },
				{ id: "qwen-coder", name: "Qwen Coder", info: { contextWindow: 32_000 } },
			],
		})
		fireEvent.change(modelPicker(), { target: { value: "qwen" } })
		const listed = within(screen.getByRole("listbox")).getAllByRole("option")
		expect(listed.map((option) => option.textContent)).toEqual([expect.stringContaining("qwen-coder")])
		fireEvent.mouseDown(listed[0] as HTMLElement)

		posted.length = 0
		fireEvent.click(save())
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: {
					provider: {
						provider: "openai",
						modelId: "qwen-coder",
						modelInfo: { contextWindow: 32_000 },
						baseUrl: "http://127.0.0.1:8080/v1",
					},
				},
			},
		])
	})

	it("offers Test connection for the chosen model, and says what the host found", () => {
		render(<WelcomeView version="1.2.3" />)
		expect(screen.queryByRole("button", { name: "Test connection" })).toBeNull()
		enter(modelPicker(), "claude-test")
		fireEvent.click(screen.getByRole("button", { name: "Test connection" }))
		const test = lastOf("testConnection")
		expect(test?.provider).toEqual({ provider: "anthropic", modelId: "claude-test" })
		fromHost({
			type: "connectionTested",
			requestId: test?.requestId ?? 0,
			result: { ok: false, problem: "unreachable", message: "connect ECONNREFUSED 127.0.0.1:9" },
		})
		expect(screen.getByText("connect ECONNREFUSED 127.0.0.1:9")).toBeTruthy()
	})

	it("calls the base URL required for OpenAI-compatible servers, and optional for the others", () => {
		render(<WelcomeView version="1.2.3" />)
		expect(screen.getByRole("textbox", { name: "Base URL (optional)" })).toBeTruthy()
		chooseProvider("openai")
		expect(
			screen.getByRole("textbox", { name: "Base URL (required for OpenAI-compatible servers)" }),
		).toBeTruthy()
		expect(screen.getByText(/leave empty for OpenAI itself/)).toBeTruthy()
	})

	it("an Ollama model needs no key: the base URL and the model id typed into the picker are what is sent", () => {
		render(<WelcomeView version="1.2.3" />)
		chooseProvider("ollama")
		enter(screen.getByRole("textbox", { name: "Base URL (optional)" }), "http://127.0.0.1:11434")
		enter(modelPicker(), "qwen")
		posted.length = 0
		fireEvent.click(save())
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
		enter(screen.getByRole("textbox", { name: "Base URL (optional)" }), "https://left.over")
		chooseProvider("vscode-lm")
		expect(screen.queryByLabelText(/API key/)).toBeNull()
		expect(screen.queryByRole("textbox", { name: /Base URL/ })).toBeNull()
		enter(modelPicker(), "gpt-4.1")
		posted.length = 0
		fireEvent.click(save())
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: { provider: { provider: "vscode-lm", modelId: "gpt-4.1" } },
			},
		])
	})

	it("a model chosen for one provider is not sent for another", () => {
		render(<WelcomeView version="1.2.3" />)
		enter(modelPicker(), "claude-test")
		chooseProvider("openai")
		expect(save().hasAttribute("disabled")).toBe(true)
		expect((modelPicker() as HTMLInputElement).value).toBe("")
	})
})
