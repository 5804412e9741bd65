import { browserActionResultSchema, type BrowserActionResult } from "@cairn/types"
import { lastToolResult, type RecordedRequest } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { chromiumSandboxHere } from "../browser/chromiumSandbox.js"
import { startAgent, type AgentHarness } from "../test-support/agentHarness.js"
import { chromiumChildren, formPoints, serveFormPage } from "../test-support/formPage.js"
import { processGone } from "../test-support/processGone.js"

const browse = (args: Record<string, string>) => ({
	toolCalls: [{ name: "browser_action", arguments: args }],
})
const done = { toolCalls: [{ name: "attempt_completion", arguments: { result: "Greeted Ada." } }] }
const chatRequests = (agent: AgentHarness): RecordedRequest[] =>
	agent.server.requests.filter((r) => r.route === "chat")
const offeredTools = (request: RecordedRequest | undefined): string[] =>
	((request?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map((tool) => tool.name)
// Chromium on a busy 2-core machine: generous ceilings, no timing assumptions.
const slow = { timeout: 180_000 }
const browserWaitMs = 90_000

let agent: AgentHarness | undefined
let site: Awaited<ReturnType<typeof serveFormPage>> | undefined
afterEach(async () => {
	await agent?.cleanup()
	agent = undefined
	await site?.close()
})

describe("browser_action in a task", () => {
	it(
		"asks to launch, fills the form (click + type), submits it, and shows each page with its screenshot",
		slow,
		async () => {
			site = await serveFormPage()
			agent = await startAgent({
				provider: "anthropic",
				scenario: [
					browse({ action: "launch", url: site.url }),
					browse({ action: "click", coordinate: formPoints.field }),
					browse({ action: "type", text: "Ada" }),
					browse({ action: "click", coordinate: formPoints.send }),
					done,
				],
			})
			await agent.send({ type: "newTask", text: "greet Ada on the form" })
			await agent.client.waitForAsk("browser_action_launch", browserWaitMs)
			expect(agent.client.messages.at(-1)?.text).toBe(site.url)
			await agent.press("primary")
			await agent.client.waitForAsk("completion_result", browserWaitMs)

			const actions = agent.client
				.says("browser_action")
				.map((m) => JSON.parse(m.text ?? "{}") as unknown)
			expect(actions).toEqual([
				{ action: "click", coordinate: formPoints.field },
				{ action: "type", text: "Ada" },
				{ action: "click", coordinate: formPoints.send },
			])
			const results: BrowserActionResult[] = agent.client
				.says("browser_action_result")
				.map((m) => browserActionResultSchema.parse(JSON.parse(m.text ?? "{}")))
			expect(results).toHaveLength(4)
			for (const result of results) expect(result.screenshot).toMatch(/^data:image\/png;base64,/)
			// The launch's row says whether Chromium kept its own sandbox, as this machine allows: as
			// root (this machine and CI) it cannot, and the row says so.
			const plan = await chromiumSandboxHere("/usr/bin/chromium")
			if (!plan.sandbox) expect(results[0]?.unsandboxed).toBe(plan.reason)
			else if (plan.mayFail === undefined) expect(results[0]?.unsandboxed).toBeUndefined()
			expect(results.slice(1).map((result) => result.unsandboxed)).toEqual([
				undefined,
				undefined,
				undefined,
			])
			expect(results.at(-1)).toMatchObject({
				logs: "[log] submitted Ada",
				currentUrl: `${site.url}done?name=Ada`,
			})

			// The model saw the submitted page: its URL, its console and its screenshot as an image.
			const afterSubmit = chatRequests(agent)[4]
			expect(afterSubmit && lastToolResult(afterSubmit)).toMatch(
				/done\?name=Ada[\s\S]*\[log\] submitted Ada/,
			)
			expect(JSON.stringify(afterSubmit?.body)).toMatch(
				/"type":"image","source":\{"type":"base64","media_type":"image\/png"/,
			)
		},
	)

	it("is offered where Chromium can run, and not where the browser it would start is missing", async () => {
		agent = await startAgent({ provider: "anthropic", scenario: [done] })
		await agent.send({ type: "newTask", text: "hi" })
		await agent.client.waitForAsk("completion_result")
		expect(offeredTools(chatRequests(agent)[0])).toContain("browser_action")
		await agent.cleanup()

		agent = await startAgent({
			provider: "anthropic",
			settings: { browserExecutablePath: "/nonexistent/chromium" },
			scenario: [done],
		})
		await agent.send({ type: "newTask", text: "hi" })
		await agent.client.waitForAsk("completion_result")
		const offered = offeredTools(chatRequests(agent)[0])
		expect(offered).toContain("read_file")
		expect(offered).not.toContain("browser_action")
	})

	it("tells the model when the person refuses the launch, and starts no browser", slow, async () => {
		site = await serveFormPage()
		agent = await startAgent({
			provider: "anthropic",
			scenario: [browse({ action: "launch", url: site.url }), done],
		})
		// An earlier test's browser may still be on its way out: only a new process counts.
		const before = new Set(await chromiumChildren())
		await agent.send({ type: "newTask", text: "look at the form" })
		await agent.client.waitForAsk("browser_action_launch", browserWaitMs)
		await agent.press("secondary")
		await agent.client.waitForAsk("completion_result", browserWaitMs)
		const refused = chatRequests(agent)[1]
		expect(refused && lastToolResult(refused)).toMatch(/denied opening/)
		expect((await chromiumChildren()).filter((pid) => !before.has(pid))).toEqual([])
	})

	it("closes the browser when the task is cancelled mid-session: its process is gone", slow, async () => {
		site = await serveFormPage()
		agent = await startAgent({
			provider: "anthropic",
			settings: { autoApproval: { enabled: true, browser: true } },
			scenario: [
				browse({ action: "launch", url: site.url }),
				{
					toolCalls: [
						{
							name: "ask_followup_question",
							arguments: { question: "Go on?", follow_up: [{ text: "yes" }] },
						},
					],
				},
				done,
			],
		})
		const before = new Set(await chromiumChildren())
		await agent.send({ type: "newTask", text: "open the form and wait" })
		await agent.client.waitForAsk("followup", browserWaitMs)
		// Launched without asking: the auto-approved launch shows as a browser_action row.
		expect(JSON.parse(agent.client.says("browser_action")[0]?.text ?? "{}")).toEqual({
			action: "launch",
			text: site.url,
		})
		const started = (await chromiumChildren()).filter((pid) => !before.has(pid))
		expect(started.length).toBeGreaterThan(0)

		await agent.send({ type: "cancelTask" })
		await agent.client.waitForAsk("resume_task", browserWaitMs)
		for (const pid of started) await processGone(pid, browserWaitMs)
	})
})
