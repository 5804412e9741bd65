import { defaultSettings, type ProviderSettings, type WebviewMessage } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
import { fromHost, loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { SettingsView } from "../SettingsView"

const openrouter: ProviderSettings = { provider: "openrouter", modelId: "anthropic/claude-sonnet-4.5" }
const listed = [
	{
		id: "anthropic/claude-sonnet-4.5",
		name: "Claude Sonnet 4.5",
		info: { contextWindow: 1_000_000, maxOutputTokens: 64_000, inputPrice: 3, outputPrice: 15 },
	},
	{ id: "openai/gpt-5", info: { contextWindow: 400_000, inputPrice: 1.25, outputPrice: 10 } },
	{
		id: "qwen/qwen3-coder",
		name: "Qwen3 Coder",
		info: { contextWindow: 262_144, inputPrice: 0, outputPrice: 0 },
	},
]

function renderWith(provider: ProviderSettings = openrouter) {
	loadTask([], { settings: { ...defaultSettings(), provider }, hasApiKey: true })
	render(<SettingsView />)
}

const box = () => screen.getByRole("combobox", { name: "Model id" })
const options = () =>
	screen.queryByRole("listbox") === null
		? []
		: within(screen.getByRole("listbox"))
				.getAllByRole("option")
				.map((option) => option.textContent)

/** Answers the picker's latest request for models. */
function answer(models: typeof listed) {
	const requests = posted.filter(
		(m): m is Extract<WebviewMessage, { type: "requestModels" }> => m.type === "requestModels",
	)
	fromHost({ type: "models", requestId: requests.at(-1)?.requestId ?? 0, provider: "openrouter", models })
}

/** Focuses the picker and answers its request for models. */
function openWithList(models = listed, error?: string) {
	fireEvent.focus(box())
	const request = posted.find(
		(m): m is Extract<WebviewMessage, { type: "requestModels" }> => m.type === "requestModels",
	)
	expect(request).toBeDefined()
	fromHost({
		type: "models",
		requestId: request?.requestId ?? 0,
		provider: "openrouter",
		models,
		...(error !== undefined && { error }),
	})
	posted.length = 0
}

describe("the model picker", () => {
	it("asks for the provider's models when focused, with the settings on screen", () => {
		renderWith()
		expect(posted).toEqual([])
		fireEvent.focus(box())
		expect(posted).toEqual([
			{ type: "requestModels", requestId: expect.any(Number), provider: openrouter },
		])
		expect(screen.getByText("Asking the provider for its models…")).toBeTruthy()
	})

	it("shows the chosen model's window and prices, and filters the list by id and name as one types", () => {
		renderWith()
		openWithList()
		expect(screen.getByText("1M context · 64k output · $3 in / $15 out per million tokens")).toBeTruthy()
		expect(options()).toHaveLength(3)
		fireEvent.change(box(), { target: { value: "coder" } })
		expect(options()).toEqual(["qwen/qwen3-coderQwen3 Coder · 262k context · free"])
	})

	it("picking a listed model sends its id with what the provider said of it", () => {
		renderWith()
		openWithList()
		fireEvent.change(box(), { target: { value: "gpt" } })
		fireEvent.mouseDown(screen.getByRole("option", { name: /openai\/gpt-5/ }))
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: {
					provider: {
						provider: "openrouter",
						modelId: "openai/gpt-5",
						modelInfo: { contextWindow: 400_000, inputPrice: 1.25, outputPrice: 10 },
					},
				},
			},
		])
	})

	it("the keyboard moves through the list and Enter picks; a typed id that is not listed is kept", () => {
		renderWith()
		openWithList()
		fireEvent.change(box(), { target: { value: "qwen" } })
		fireEvent.keyDown(box(), { key: "ArrowDown" })
		expect(box().getAttribute("aria-activedescendant")).toBeTruthy()
		fireEvent.keyDown(box(), { key: "Enter" })
		expect(posted).toHaveLength(1)
		expect(posted[0]).toMatchObject({ settings: { provider: { modelId: "qwen/qwen3-coder" } } })
		posted.length = 0
		fireEvent.change(box(), { target: { value: "my/private-model" } })
		fireEvent.keyDown(box(), { key: "Escape" })
		fireEvent.keyDown(box(), { key: "Enter" })
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: { provider: { provider: "openrouter", modelId: "my/private-model" } },
			},
		])
	})

	it("Enter without moving through the list keeps what was typed, picking a listed id with its info", () => {
		renderWith()
		openWithList()
		fireEvent.change(box(), { target: { value: "openai/gpt" } })
		expect(box().getAttribute("aria-activedescendant")).toBeNull()
		fireEvent.keyDown(box(), { key: "Enter" })
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: { provider: { provider: "openrouter", modelId: "openai/gpt" } },
			},
		])
		posted.length = 0
		fireEvent.change(box(), { target: { value: "openai/gpt-5" } })
		fireEvent.blur(box())
		expect(posted[0]).toMatchObject({
			settings: { provider: { modelId: "openai/gpt-5", modelInfo: { contextWindow: 400_000 } } },
		})
	})

	it("says why there is no list", () => {
		renderWith()
		openWithList([], "The API key for OpenRouter was rejected (401).")
		expect(
			screen.getByText("Could not list the models: The API key for OpenRouter was rejected (401)."),
		).toBeTruthy()
	})

	it("is a plain text field for a provider that cannot list its models", () => {
		renderWith({
			provider: "bedrock",
			modelId: "anthropic.claude-sonnet-4-5",
			bedrock: { region: "us-east-1", auth: "defaultChain" },
		})
		expect(screen.getByRole("textbox", { name: "Model id" })).toBeTruthy()
		expect(screen.queryByRole("combobox", { name: "Model id" })).toBeNull()
	})

	it("counts the listed models with the language's plural form", async () => {
		await showLanguage("ru")
		renderWith({ provider: "openrouter", modelId: "someone/unlisted" })
		fireEvent.focus(screen.getByRole("combobox", { name: "ID модели" }))
		answer(listed)
		expect(
			screen.getByText("3 модели в списке; введите текст для фильтра или любой ID модели."),
		).toBeTruthy()
		fireEvent.click(screen.getByRole("button", { name: "Обновить модели" }))
		answer(listed.slice(0, 1))
		expect(
			screen.getByText("1 модель в списке; введите текст для фильтра или любой ID модели."),
		).toBeTruthy()
	})
})
