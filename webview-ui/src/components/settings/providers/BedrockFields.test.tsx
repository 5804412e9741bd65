import { defaultSettings, type BedrockSettings } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { loadTask } from "../../../test/fixtures"
import { posted } from "../../../test/setup"
import { WelcomeView } from "../../welcome/WelcomeView"
import { SettingsView } from "../SettingsView"
import { BedrockFields } from "./BedrockFields"

const nova = {
	provider: "bedrock" as const,
	modelId: "amazon.nova-pro-v1:0",
	bedrock: { region: "us-east-1", auth: "apiKey" as const },
}

const type = (label: string, value: string) => {
	const input = screen.getByRole("textbox", { name: label })
	fireEvent.change(input, { target: { value } })
	fireEvent.blur(input)
}
const chooseAuth = (value: string) =>
	fireEvent.change(screen.getByRole("combobox", { name: "Sign in with" }), { target: { value } })

describe("BedrockFields", () => {
	it("waits for a region before passing on anything chosen, then passes on all of it", () => {
		const changes: BedrockSettings[] = []
		render(<BedrockFields value={undefined} onChange={(next) => changes.push(next)} />)
		expect(screen.getByText("Required: where the model runs, e.g. us-east-1.")).toBeTruthy()
		chooseAuth("profile")
		type("Profile", "work")
		fireEvent.click(screen.getByRole("checkbox", { name: "Prompt caching" }))
		expect(changes).toEqual([])
		type("AWS region", "eu-west-1")
		expect(changes).toEqual([
			{ region: "eu-west-1", auth: "profile", profile: "work", promptCache: true },
		])
	})

	it("asks for the access key id only for access keys, and for a profile only for a profile", () => {
		render(<BedrockFields value={nova.bedrock} onChange={() => undefined} />)
		expect(screen.queryByRole("textbox", { name: "Access key id" })).toBeNull()
		expect(screen.queryByRole("textbox", { name: "Profile" })).toBeNull()
		chooseAuth("accessKeys")
		expect(screen.getByRole("textbox", { name: "Access key id" })).toBeTruthy()
		chooseAuth("profile")
		expect(screen.queryByRole("textbox", { name: "Access key id" })).toBeNull()
		expect(screen.getByRole("textbox", { name: "Profile" })).toBeTruthy()
	})
})

describe("Bedrock in the Settings view", () => {
	it("sends the whole provider with each change of its Bedrock fields", () => {
		loadTask([], { settings: { ...defaultSettings(), provider: nova }, hasApiKey: true })
		render(<SettingsView />)
		expect((screen.getByRole("textbox", { name: "AWS region" }) as HTMLInputElement).value).toBe(
			"us-east-1",
		)
		chooseAuth("accessKeys")
		type("Access key id", "AKIDVIEW")
		expect(posted).toEqual([
			{
				type: "updateTrustSettings",
				settings: { provider: { ...nova, bedrock: { region: "us-east-1", auth: "accessKeys" } } },
			},
			{
				type: "updateTrustSettings",
				settings: {
					provider: {
						...nova,
						bedrock: { region: "us-east-1", auth: "accessKeys", accessKeyId: "AKIDVIEW" },
					},
				},
			},
		])
	})
})

describe("Bedrock in the welcome form", () => {
	it("stores the key when entered, and saves nothing until there is a region, then the provider with its Bedrock settings", () => {
		render(<WelcomeView version="1.2.3" />)
		fireEvent.change(screen.getByRole("combobox", { name: "Provider" }), { target: { value: "bedrock" } })
		const key = screen.getByLabelText("Bedrock API key or secret access key")
		fireEvent.change(key, { target: { value: "ABSK-key" } })
		fireEvent.blur(key)
		type("Model id", nova.modelId)
		expect(posted).toEqual([{ type: "updateApiKey", provider: "bedrock", apiKey: "ABSK-key" }])
		const save = screen.getByRole("button", { name: "Save and start" })
		expect(save.hasAttribute("disabled")).toBe(true)
		fireEvent.click(save)
		expect(posted).toHaveLength(1)
		type("AWS region", "us-east-1")
		fireEvent.click(screen.getByRole("button", { name: "Save and start" }))
		expect(posted).toEqual([
			{ type: "updateApiKey", provider: "bedrock", apiKey: "ABSK-key" },
			{ type: "updateTrustSettings", settings: { provider: nova } },
		])
	})
})
