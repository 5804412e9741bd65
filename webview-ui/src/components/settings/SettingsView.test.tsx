import { defaultSettings, trustSettingsIn, type CairnSettings, type WebviewMessage } from "@cairn/types"
import { fireEvent, render, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../i18n/showLanguage"
import { fromHost, loadTask } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { SettingsView } from "./SettingsView"

const configured = (changes: Partial<CairnSettings> = {}): CairnSettings => ({
	...defaultSettings(),
	provider: { provider: "openai", modelId: "gpt-test", baseUrl: "http://127.0.0.1:8000/v1" },
	...changes,
})

function renderSettings(settings = configured(), hasApiKey = false) {
	loadTask([], { settings, hasApiKey })
	render(<SettingsView />)
}

/**
 * Every change posts exactly one field: a trust setting as the person's own change
 * (updateTrustSettings), any other as updateSettings, which the host refuses for trust settings.
 */
function onlyFieldPosted(): [string, unknown] {
	expect(posted).toHaveLength(1)
	const message = posted[0] as Extract<WebviewMessage, { type: "updateSettings" | "updateTrustSettings" }>
	const trust = trustSettingsIn(message.settings, {}).length > 0
	expect(message.type).toBe(trust ? "updateTrustSettings" : "updateSettings")
	const entries = Object.entries(message.settings)
	expect(entries).toHaveLength(1)
	return entries[0] as [string, unknown]
}

const commit = (input: HTMLElement, value: string) => {
	fireEvent.change(input, { target: { value } })
	fireEvent.blur(input)
}

describe("SettingsView posts one field per change", () => {
	const toggles: [string, string][] = [
		["Auto-approve", "enabled"],
		["Read files", "readOnly"],
		["Read outside the workspace", "readOnlyOutsideWorkspace"],
		["Edit files", "write"],
		["Edit outside the workspace", "writeOutsideWorkspace"],
		["Edit protected files", "writeProtected"],
		["Run allowed commands", "execute"],
		["Use MCP tools", "mcp"],
		["Open the browser", "browser"],
		["Switch modes", "alwaysAllowModeSwitch"],
		["Start subtasks", "alwaysAllowSubtasks"],
		["Answer questions", "followup"],
	]
	it.each(toggles)("the %s toggle sends autoApproval.%s", (label, key) => {
		renderSettings()
		fireEvent.click(screen.getByRole("checkbox", { name: label }))
		expect(onlyFieldPosted()).toEqual(["autoApproval", { [key]: true }])
		expect((screen.getByRole("checkbox", { name: label }) as HTMLInputElement).checked).toBe(true)
	})

	it("the sandbox switches send commandSandbox and commandSandboxNetwork", () => {
		renderSettings()
		const sandbox = screen.getByRole("checkbox", { name: "Sandbox auto-approved commands" })
		expect((sandbox as HTMLInputElement).checked).toBe(true)
		fireEvent.click(screen.getByRole("checkbox", { name: "Allow the network in the sandbox" }))
		expect(onlyFieldPosted()).toEqual(["commandSandboxNetwork", true])
		posted.length = 0
		fireEvent.click(sandbox)
		expect(onlyFieldPosted()).toEqual(["commandSandbox", false])
	})

	it.each([
		["Question timeout (seconds)", "30", ["autoApproval", { followupTimeoutMs: 30_000 }]],
		["Max auto-approved requests per task", "25", ["autoApproval", { maxRequests: 25 }]],
		["Max auto-approved cost per task ($)", "2.5", ["autoApproval", { maxCost: 2.5 }]],
		["Command timeout (seconds)", "120", ["commandTimeoutSec", 120]],
		["Mistake limit", "5", ["consecutiveMistakeLimit", 5]],
		["Request retries", "2", ["requestRetries", 2]],
		["Request timeout (seconds)", "90", ["requestIdleTimeoutMs", 90_000]],
		["Condense at (% of the window)", "60", ["autoCondenseContextPercent", 60]],
	] as const)("%s sends its value when committed", (label, value, expected) => {
		renderSettings()
		commit(screen.getByRole("spinbutton", { name: label }), value)
		expect(onlyFieldPosted()).toEqual(expected)
	})

	it("an invalid number is explained and not sent", () => {
		renderSettings()
		const retries = screen.getByRole("spinbutton", { name: "Request retries" })
		commit(retries, "50")
		expect(posted).toEqual([])
		expect(screen.getByText("The largest allowed value is 20.")).toBeTruthy()
		commit(screen.getByRole("spinbutton", { name: "Mistake limit" }), "1.5")
		expect(posted).toEqual([])
	})

	it("the browser's Chromium path and viewport are sent when valid, and explained when not", () => {
		renderSettings()
		commit(screen.getByRole("textbox", { name: "Viewport size" }), "1280x800")
		expect(onlyFieldPosted()).toEqual(["browserViewportSize", "1280x800"])
		posted.length = 0
		commit(screen.getByRole("textbox", { name: "Chromium path" }), "/opt/chrome/chrome")
		expect(onlyFieldPosted()).toEqual(["browserExecutablePath", "/opt/chrome/chrome"])
		posted.length = 0
		commit(screen.getByRole("textbox", { name: "Viewport size" }), "big")
		expect(posted).toEqual([])
		expect(screen.getByText("Write it as WIDTHxHEIGHT, e.g. 900x600.")).toBeTruthy()
	})

	it("custom instructions are sent when the field is left", () => {
		renderSettings()
		commit(screen.getByRole("textbox", { name: "Custom instructions" }), "Use tabs.")
		expect(onlyFieldPosted()).toEqual(["customInstructions", "Use tabs."])
	})

	it("allowed commands: add and remove send the whole list", () => {
		renderSettings(configured({ allowedCommands: ["git log"] }))
		const field = screen.getByRole("group", { name: "Allowed commands" })
		fireEvent.change(within(field).getByRole("textbox"), { target: { value: " npm test " } })
		fireEvent.click(within(field).getByRole("button", { name: "Add" }))
		expect(onlyFieldPosted()).toEqual(["allowedCommands", ["git log", "npm test"]])
		posted.length = 0
		fireEvent.click(within(field).getByRole("button", { name: "Remove git log" }))
		expect(onlyFieldPosted()).toEqual(["allowedCommands", ["npm test"]])
	})

	it("denied commands", () => {
		renderSettings()
		const field = screen.getByRole("group", { name: "Denied commands" })
		fireEvent.change(within(field).getByRole("textbox"), { target: { value: "rm -rf" } })
		fireEvent.submit(within(field).getByRole("textbox"))
		expect(onlyFieldPosted()).toEqual(["deniedCommands", ["rm -rf"]])
	})

	it("the provider, model id and base URL each send the provider field", () => {
		renderSettings()
		fireEvent.change(screen.getByRole("combobox", { name: "Provider" }), {
			target: { value: "anthropic" },
		})
		// A base URL belongs to the provider it was set for.
		expect(onlyFieldPosted()).toEqual(["provider", { provider: "anthropic", modelId: "gpt-test" }])
		posted.length = 0
		commit(screen.getByRole("combobox", { name: "Model id" }), "claude-x")
		expect(onlyFieldPosted()).toEqual(["provider", { provider: "anthropic", modelId: "claude-x" }])
		posted.length = 0
		commit(screen.getByRole("textbox", { name: /^Base URL/ }), "https://proxy.example/v1")
		expect(onlyFieldPosted()).toEqual([
			"provider",
			{ provider: "anthropic", modelId: "claude-x", baseUrl: "https://proxy.example/v1" },
		])
	})

	it("a base URL that is not http(s) is refused", () => {
		renderSettings()
		commit(screen.getByRole("textbox", { name: /^Base URL/ }), "javascript:alert(1)")
		expect(posted).toEqual([])
		expect(screen.getByText("Use an http(s) URL.")).toBeTruthy()
	})

	it("with no provider yet, the choice waits for a model id", () => {
		renderSettings({ ...defaultSettings() })
		fireEvent.change(screen.getByRole("combobox", { name: "Provider" }), { target: { value: "ollama" } })
		expect(posted).toEqual([])
		commit(screen.getByRole("combobox", { name: "Model id" }), "qwen2.5-coder:7b")
		expect(onlyFieldPosted()).toEqual(["provider", { provider: "ollama", modelId: "qwen2.5-coder:7b" }])
	})
})

describe("context management", () => {
	it("automatic condensing can be turned off, which also turns off its threshold", () => {
		renderSettings()
		const percent = () => screen.getByRole("spinbutton", { name: "Condense at (% of the window)" })
		expect((percent() as HTMLInputElement).value).toBe("75")
		fireEvent.click(screen.getByRole("checkbox", { name: "Condense automatically" }))
		expect(onlyFieldPosted()).toEqual(["autoCondenseContext", false])
		expect((percent() as HTMLInputElement).disabled).toBe(true)
	})

	it("checkpoints can be turned off, and their size limit set", () => {
		renderSettings()
		commit(screen.getByRole("spinbutton", { name: "Checkpoint file size limit (MB)" }), "20")
		expect(onlyFieldPosted()).toEqual(["checkpointFileSizeLimitMB", 20])
		posted.length = 0
		fireEvent.click(screen.getByRole("checkbox", { name: "Enable checkpoints" }))
		expect(onlyFieldPosted()).toEqual(["enableCheckpoints", false])
	})

	it("a threshold outside 10 to 100 percent is explained and not sent", () => {
		renderSettings()
		commit(screen.getByRole("spinbutton", { name: "Condense at (% of the window)" }), "5")
		expect(screen.getByText("The smallest allowed value is 10.")).toBeTruthy()
		commit(screen.getByRole("spinbutton", { name: "Condense at (% of the window)" }), "101")
		expect(screen.getByText("The largest allowed value is 100.")).toBeTruthy()
		expect(posted).toEqual([])
	})

	it("the model's context window and output cap are overrides of the provider, and empty removes them", () => {
		renderSettings()
		const window = () => screen.getByRole("spinbutton", { name: "Context window (tokens)" })
		commit(window(), "32768")
		const provider = configured().provider
		expect(onlyFieldPosted()).toEqual(["provider", { ...provider, modelInfo: { contextWindow: 32_768 } }])
		posted.length = 0
		commit(screen.getByRole("spinbutton", { name: "Max output tokens" }), "4096")
		expect(onlyFieldPosted()).toEqual([
			"provider",
			{ ...provider, modelInfo: { contextWindow: 32_768, maxOutputTokens: 4096 } },
		])
		posted.length = 0
		commit(window(), "")
		expect(onlyFieldPosted()).toEqual(["provider", { ...provider, modelInfo: { maxOutputTokens: 4096 } }])
	})

	it("an override that cannot be right is explained and not sent", () => {
		renderSettings(
			configured({
				provider: { provider: "openai", modelId: "m", modelInfo: { contextWindow: 8192 } },
			}),
		)
		commit(screen.getByRole("spinbutton", { name: "Max output tokens" }), "8192")
		expect(
			screen.getByText("The output cap must be smaller than the context window (8192 tokens)."),
		).toBeTruthy()
		commit(screen.getByRole("spinbutton", { name: "Context window (tokens)" }), "512")
		expect(screen.getByText("The smallest allowed value is 1000.")).toBeTruthy()
		commit(screen.getByRole("spinbutton", { name: "Context window (tokens)" }), "9000.5")
		expect(screen.getByText("Enter a whole number.")).toBeTruthy()
		expect(posted).toEqual([])
	})

	it("overrides belong to the model: another model id or provider starts without them", () => {
		const tuned = { provider: "openai" as const, modelId: "m", modelInfo: { contextWindow: 8192 } }
		renderSettings(configured({ provider: tuned }))
		commit(screen.getByRole("combobox", { name: "Model id" }), "other-model")
		expect(onlyFieldPosted()).toEqual(["provider", { provider: "openai", modelId: "other-model" }])
	})

	it("the condensing model: same as the task, or a provider and model id of its own", () => {
		renderSettings()
		const select = () => screen.getByRole("combobox", { name: "Condensing model" })
		expect((select() as HTMLSelectElement).value).toBe("")
		fireEvent.change(select(), { target: { value: "anthropic" } })
		// Waits for the model id: the setting needs both.
		expect(posted).toEqual([])
		commit(screen.getByRole("textbox", { name: "Condensing model id" }), "claude-haiku-4-5")
		expect(onlyFieldPosted()).toEqual([
			"condensingProvider",
			{ provider: "anthropic", modelId: "claude-haiku-4-5" },
		])
		posted.length = 0
		commit(screen.getByRole("textbox", { name: "Condensing base URL" }), "ftp://nope")
		expect(screen.getByText("Use an http(s) URL.")).toBeTruthy()
		expect(posted).toEqual([])
		fireEvent.change(select(), { target: { value: "" } })
		expect(onlyFieldPosted()).toEqual(["condensingProvider", null])
		expect(screen.queryByRole("textbox", { name: "Condensing model id" })).toBeNull()
	})

	it("another provider's key can be saved here; the task's provider uses the key saved above", () => {
		renderSettings(
			configured({ condensingProvider: { provider: "anthropic", modelId: "claude-haiku-4-5" } }),
		)
		const key = screen.getByLabelText("Anthropic API key")
		expect(screen.getByText(/uses the key saved for Anthropic, if there is one/)).toBeTruthy()
		fireEvent.change(key, { target: { value: "sk-ant-1" } })
		fireEvent.submit(key)
		expect(posted).toEqual([{ type: "updateApiKey", provider: "anthropic", apiKey: "sk-ant-1" }])
		posted.length = 0
		fireEvent.change(screen.getByRole("combobox", { name: "Condensing model" }), {
			target: { value: "openai" },
		})
		expect(onlyFieldPosted()).toEqual([
			"condensingProvider",
			{ provider: "openai", modelId: "claude-haiku-4-5" },
		])
		expect(screen.getByText(/uses the key saved for OpenAI or OpenAI-compatible above/)).toBeTruthy()
		expect(screen.queryByLabelText(/OpenAI-compatible API key/)).toBeNull()
	})
})

describe("the API key", () => {
	const secret = "sk-live-0123456789abcdef"

	it("is sent with updateApiKey and never shown afterwards", () => {
		renderSettings()
		const input = screen.getByLabelText("API key") as HTMLInputElement
		expect(input.type).toBe("password")
		fireEvent.change(input, { target: { value: secret } })
		fireEvent.click(screen.getByRole("button", { name: "Save key" }))
		expect(posted).toEqual([{ type: "updateApiKey", provider: "openai", apiKey: secret }])
		expect(input.value).toBe("")
		fromHost({ type: "settingsUpdated", settings: configured(), hasApiKey: true })
		expect(document.body.innerHTML).not.toContain(secret)
		expect(screen.getByText(/A key is saved/)).toBeTruthy()
	})

	it("a saved key shows as saved and can be removed", () => {
		renderSettings(configured(), true)
		expect((screen.getByLabelText("API key") as HTMLInputElement).value).toBe("")
		expect(screen.getByLabelText("API key").getAttribute("placeholder")).toContain("saved")
		fireEvent.click(screen.getByRole("button", { name: "Remove key" }))
		expect(posted).toEqual([{ type: "updateApiKey", provider: "openai" }])
	})
})

describe("SettingsView in the person's language", () => {
	it("shows German headings, labels and validation, with the bound named in the message", async () => {
		await showLanguage("de")
		renderSettings()
		expect(screen.getByRole("main", { name: "Einstellungen" })).toBeTruthy()
		expect(screen.getByRole("heading", { name: "Befehle" })).toBeTruthy()
		const provider = screen.getByRole("combobox", { name: "Anbieter" })
		expect(within(provider).getByRole("option", { name: "OpenAI oder OpenAI-kompatibel" })).toBeTruthy()
		commit(screen.getByRole("spinbutton", { name: "Wiederholungen von Anfragen" }), "50")
		expect(screen.getByText("Der größte erlaubte Wert ist 20.")).toBeTruthy()
		expect(posted).toEqual([])
		fireEvent.click(screen.getByRole("checkbox", { name: "Dateien lesen" }))
		expect(onlyFieldPosted()).toEqual(["autoApproval", { readOnly: true }])
	})

	it("shows Japanese labels and names the provider whose key is used", async () => {
		await showLanguage("ja")
		renderSettings()
		expect(screen.getByRole("heading", { name: "自動承認" })).toBeTruthy()
		expect(screen.getByRole("textbox", { name: "ベース URL (OpenAI 互換サーバーでは必須)" })).toBeTruthy()
		fireEvent.change(screen.getByRole("combobox", { name: "要約用モデル" }), {
			target: { value: "anthropic" },
		})
		expect(screen.getByLabelText("Anthropic の API キー")).toBeTruthy()
	})
})
