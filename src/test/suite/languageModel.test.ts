import * as assert from "node:assert/strict"
import path from "node:path"
import type { CairnAPI } from "@cairn/types"
import * as vscode from "vscode"
import { cairnApi, nextEvent, scopedApi } from "./support/apiTestKit"
import { workspaceRoot } from "./support/workspaceFiles"

/** What e2e/fixtures/scripted-language-model's activate() returns. */
interface ScriptedModel {
	modelId: string
	script(
		...answers: { text?: string; calls?: { id: string; name: string; input: object }[]; error?: string }[]
	): void
	requests: {
		extensionId: string
		messages: { role: string; parts: { type: string; text?: string; id?: string; name?: string }[] }[]
	}[]
	reset(): void
}

async function scriptedModel(): Promise<ScriptedModel> {
	const extension = vscode.extensions.getExtension<ScriptedModel>("cairn-tests.scripted-language-model")
	assert.ok(extension, "the scripted language model extension is loaded beside Cairn")
	return extension.activate()
}

suite("the VS Code Language Model API as Cairn's provider", () => {
	let raw: CairnAPI
	let api: CairnAPI
	let disposeScope: () => void
	let model: ScriptedModel

	setup(async () => {
		raw = await cairnApi()
		;({ api, dispose: disposeScope } = scopedApi(raw))
		model = await scriptedModel()
		model.reset()
		await api.setConfiguration({
			provider: { provider: "vscode-lm", modelId: model.modelId },
			mode: "code",
			requestRetries: 0,
			autoApproval: { enabled: false },
		})
	})

	teardown(async () => {
		disposeScope()
		await raw.clearCurrentTask()
	})

	test("a task runs through another extension's chat model: a write approved, a question answered, a completion", async () => {
		model.script(
			{
				text: "I will write the file. ",
				calls: [
					{
						id: "call-1",
						name: "write_to_file",
						input: { path: "lm-notes.txt", content: "from the editor's model" },
					},
				],
			},
			{
				calls: [
					{
						id: "call-2",
						name: "ask_followup_question",
						input: { question: "Anything else?", follow_up: [{ text: "No, that is all" }] },
					},
				],
			},
			{
				calls: [
					{ id: "call-3", name: "attempt_completion", input: { result: "Wrote lm-notes.txt." } },
				],
			},
		)
		const seen: string[] = []
		api.on("message", ({ message }) =>
			seen.push(`${message.type} ${message.ask ?? message.say} ${message.text?.slice(0, 300)}`),
		)
		/** A wait that fails with what the task said, so a failure here can be read afterwards. */
		const told = <T>(waiting: Promise<T>) =>
			waiting.catch((error: Error) => {
				throw new Error(
					`${error.message}; the task said: ${seen.join(" | ")}; the model had ${model.requests.length} requests`,
				)
			})
		const writeAsk = nextEvent(
			api,
			"message",
			({ message }) => message.ask === "tool" && !message.partial,
		)
		await api.startNewTask({ text: "write lm-notes.txt" })
		await told(writeAsk)
		const question = nextEvent(
			api,
			"message",
			({ message }) => message.ask === "followup" && !message.partial,
		)
		assert.equal(await api.pressPrimaryButton(), true)
		await told(question)
		const completed = nextEvent(api, "taskCompleted")
		await api.sendMessage("No, that is all")
		const [, usage] = await told(completed)

		const written = await vscode.workspace.fs.readFile(
			vscode.Uri.file(path.join(workspaceRoot(), "lm-notes.txt")),
		)
		assert.equal(Buffer.from(written).toString("utf8"), "from the editor's model")
		assert.equal(model.requests.length, 3)
		const [first, , last] = model.requests
		assert.equal(first?.extensionId, "cairn-dev.cairn", "the request is Cairn's")
		assert.match(
			first?.messages[0]?.parts[0]?.text ?? "",
			/write_to_file|tool/i,
			"the system prompt goes first",
		)
		assert.ok(
			first?.messages.some((message) =>
				message.parts.some((part) => part.text?.includes("write lm-notes.txt")),
			),
			"the person's task reached the model",
		)
		const results = last?.messages.flatMap((message) =>
			message.parts.filter((part) => part.type === "tool_result"),
		)
		assert.deepEqual(
			results?.map((part) => part.id),
			["call-1", "call-2"],
			"each tool result answers its call by id",
		)
		assert.ok(results?.[1]?.text?.includes("No, that is all"), "the answer reached the model")
		assert.ok(usage.totalTokensIn > 0, "input tokens are counted with the model's own counter")
		assert.ok(usage.totalTokensOut > 0)
		const windows = seen.filter((line) => line.includes('"contextWindow":64000'))
		assert.ok(windows.length > 0, "the model's own input limit (64,000) is the context window")
	})

	test("a model that fails says so in the task, naming the model", async () => {
		model.script({ error: "the backend is down" })
		const failed = nextEvent(
			api,
			"message",
			({ message }) => message.ask === "api_req_failed" || message.say === "error",
		)
		await api.startNewTask({ text: "anything" })
		const [{ message }] = await failed
		assert.match(message.text ?? "", /cairn-scripted.*the backend is down/s)
	})

	test("a model id VS Code does not have is refused with the models it has", async () => {
		await api.setConfiguration({ provider: { provider: "vscode-lm", modelId: "no-such-model" } })
		const failed = nextEvent(
			api,
			"message",
			({ message }) => message.ask === "api_req_failed" || message.say === "error",
		)
		await api.startNewTask({ text: "anything" })
		const [{ message }] = await failed
		assert.match(message.text ?? "", /no language model "no-such-model".*cairn-scripted \(cairn-tests\)/s)
	})
})
