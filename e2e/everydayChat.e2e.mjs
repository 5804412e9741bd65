// The everyday chat in the real editor (issue 35): the auto-approval bar says what is approved
// (Commands with no allowed command still ask); after a subtask returns, the parent's long result
// is in view without "Jump to latest"; a request refused with 401 and one to a dead port are each
// told once, with the real cause, Retry (on the row only, not again in the button bar) and Open
// Settings (which goes to the provider's fields).
import { createServer } from "node:net"
import { startEditorSession } from "./lib/editorSession.mjs"
import { createSuite } from "./lib/harness.mjs"

const call = (name, args) => ({ toolCalls: [{ name, arguments: args }] })
const resultLines = Array.from({ length: 40 }, (_, i) => `- Release note ${i + 1}: done.`)
const lastLine = "All forty notes are in the release."
const parentResult = ["Release prepared.", "", ...resultLines, "", lastLine].join("\n")
const scenario = [
	call("new_task", { mode: "code", message: "Write the changelog" }),
	call("attempt_completion", { result: "The changelog is written." }),
	call("attempt_completion", { result: parentResult }),
	{ error: { status: 401, message: "Incorrect API key provided." } },
]

/** A port on 127.0.0.1 that was just listened on and closed: connecting to it is refused. */
async function closedPort() {
	const server = createServer()
	await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
	const { port } = server.address()
	await new Promise((resolve) => server.close(resolve))
	return port
}

/** Polls an asynchronous check (a page query) until it holds. */
async function until(check, what, timeoutMs = 20_000) {
	for (const deadline = Date.now() + timeoutMs; !(await check());) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

/** Whether the element is wholly inside the list or page that scrolls it (not scrolled away). */
const inScroller = (locator) =>
	locator.evaluate((element) => {
		const box = element.getBoundingClientRect()
		const scroller = element.closest("[data-virtuoso-scroller]")
		const area = scroller?.getBoundingClientRect() ?? {
			top: 0,
			bottom: element.ownerDocument.defaultView.innerHeight,
		}
		return box.height > 0 && box.top >= area.top - 1 && box.bottom <= area.bottom + 1
	})

/**
 * Whether the person sees the element and can press it: nothing covers its middle and no
 * ancestor makes it transparent (Playwright's visibility counts a transparent hover toolbar as shown).
 */
const shown = (locator) =>
	locator.evaluate((element) => {
		const box = element.getBoundingClientRect()
		const top = element.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
		for (let at = element; at; at = at.parentElement)
			if (element.ownerDocument.defaultView.getComputedStyle(at).opacity === "0") return false
		return top !== null && element.contains(top)
	})

export async function runEverydayChatTests() {
	const session = await startEditorSession({ name: "everyday-chat", scenario })
	const { sidebar, screenshot, model } = session
	const chatRequests = () => model.requests.filter((r) => r.route === "chat").length
	const summary = () => sidebar().getByRole("button", { name: /^Auto-approval: / })
	const failedRows = () => sidebar().locator('[data-kind="api_req_failed"]')
	const settings = () => sidebar().getByRole("main", { name: "Settings" })
	const providerFields = () => settings().locator('[data-settings-section="provider"]')
	const jump = () => sidebar().getByRole("button", { name: "Jump to latest" })
	const suite = createSuite("everyday chat")

	suite.test(
		"the auto-approval bar names Read alone, and says commands still ask while none is allowed",
		async () => {
			await session.openCairn()
			await summary().waitFor({ timeout: 15_000 })
			const reads = async (text) =>
				until(async () => (await summary().textContent()) === text, `the bar to read "${text}"`)
			await reads("Auto-approval: off")
			await summary().click()
			const switches = sidebar().getByRole("group", { name: "Auto-approve" })
			await switches.getByRole("checkbox", { name: "Read", exact: true }).check()
			await reads("Auto-approval: Read")
			await screenshot("1-approval-read")
			await switches.getByRole("checkbox", { name: "Commands", exact: true }).check()
			await reads("Auto-approval: Read, Commands (none allowed yet, each one asks)")
			await screenshot("2-approval-commands-ask")
			await summary().click()
			await switches.waitFor({ state: "hidden", timeout: 10_000 })
		},
		{ timeoutMs: 120_000 },
	)

	suite.test(
		"after a subtask returns, the parent's long result is in view without Jump to latest",
		async () => {
			await sidebar().getByRole("combobox", { name: "Mode" }).selectOption({ label: "Orchestrator" })
			const box = session.chatBox()
			await box.fill("Prepare the 2.0 release")
			await box.press("Enter")
			await sidebar()
				.getByText("Cairn wants to start a subtask in code mode")
				.waitFor({ timeout: 30_000 })
			await sidebar().getByRole("button", { name: "Approve" }).click()
			// Not "Subtask finished": the chat follows the parent's long result, and the list no longer
			// renders that row once it is scrolled away, so it may never be seen in the page.
			const end = sidebar().getByText(lastLine, { exact: true })
			await end.waitFor({ timeout: 60_000 })
			await until(() => inScroller(end), "the result's last line in view")
			if (await jump().isVisible()) throw new Error("Jump to latest is shown at the end of the chat")
			await screenshot("3-parent-result-in-view")
		},
		{ timeoutMs: 150_000 },
	)

	suite.test(
		"a 401 is told once, naming the refused key, with Retry and Open Settings and no retries",
		async () => {
			const before = chatRequests()
			await sidebar().getByRole("button", { name: "New task", exact: true }).click()
			const box = session.chatBox()
			await box.fill("Add a README")
			await box.press("Enter")
			await failedRows().first().waitFor({ timeout: 60_000 })
			const row = failedRows().first()
			await row.getByText(/^The API key was refused by .+\. Set a valid key in Settings\.$/).waitFor()
			await row.getByText(/^Reason: 401 /).waitFor()
			for (const name of ["Retry", "Open Settings"])
				await until(() => shown(row.getByRole("button", { name })), `the row's ${name} shown`)
			if ((await sidebar().getByRole("button", { name: "Retry", exact: true }).count()) !== 1)
				throw new Error("Retry is offered more than once")
			if ((await failedRows().count()) !== 1) throw new Error("the failure is told more than once")
			const told = (await sidebar().locator("body").innerText()).split("Incorrect API key provided.")
			if (told.length !== 2) throw new Error(`the provider's words appear ${told.length - 1} times`)
			if (chatRequests() !== before + 1)
				throw new Error(`a refused key was retried: ${chatRequests() - before} requests`)
			await screenshot("4-refused-key")
		},
		{ timeoutMs: 90_000 },
	)

	suite.test(
		"a dead port is told once with ECONNREFUSED after one retry; Open Settings goes to the provider",
		async () => {
			const port = await closedPort()
			const deadURL = `http://127.0.0.1:${port}/v1`
			await sidebar().getByRole("button", { name: "Settings", exact: true }).click()
			const retries = settings().getByRole("spinbutton", { name: "Request retries" })
			await retries.fill("1")
			await retries.press("Enter")
			const baseURL = providerFields().getByLabel(/^Base URL/)
			await baseURL.fill(deadURL)
			await baseURL.press("Enter")
			await sidebar().getByRole("button", { name: "Chat", exact: true }).click()
			await sidebar().getByRole("button", { name: "New task", exact: true }).click()
			const box = session.chatBox()
			await box.fill("Add a licence")
			await box.press("Enter")
			await failedRows().first().waitFor({ timeout: 90_000 })
			const row = failedRows().first()
			await row.getByText(`Could not connect to ${deadURL}.`, { exact: false }).waitFor()
			await row.getByText(/^Reason: .*ECONNREFUSED/).waitFor()
			await sidebar().getByText("The request failed after 1 retry").waitFor({ timeout: 10_000 })
			if ((await failedRows().count()) !== 1) throw new Error("the failure is told more than once")
			const told = (await sidebar().locator("body").innerText()).split("ECONNREFUSED")
			if (told.length !== 2) throw new Error(`ECONNREFUSED appears ${told.length - 1} times`)
			for (const name of ["Retry", "Open Settings"])
				await until(() => shown(row.getByRole("button", { name })), `the row's ${name} shown`)
			if ((await sidebar().getByRole("button", { name: "Retry", exact: true }).count()) !== 1)
				throw new Error("Retry is offered more than once")
			await screenshot("5-dead-port")
			await row.getByRole("button", { name: "Open Settings" }).click()
			await providerFields().waitFor({ timeout: 15_000 })
			const heading = providerFields().getByRole("heading", { name: "Model provider" })
			await until(() => shown(heading), "the provider's heading in view, clear of the search box")
			await until(
				() => inScroller(providerFields().getByLabel(/^Base URL/)),
				"the base URL field in view",
			)
			await screenshot("6-open-settings")
		},
		{ timeoutMs: 150_000 },
	)

	return session.run(suite)
}
