import { render } from "ink-testing-library"
import { describe, expect, it, vi } from "vitest"
import type { PendingQuestion } from "@cairn/core"
import { until } from "@cairn/core/test-support/hostMessages"
import { ApprovalPrompt } from "./ApprovalPrompt.js"
import { FollowupPicker } from "./FollowupPicker.js"
import { PromptBox } from "./PromptBox.js"

const tick = () => new Promise((resolve) => setTimeout(resolve, 20))
const frameShows = async (frame: () => string | undefined, text: string) => {
	await until(() => (frame() ?? "").includes(text))
}
const called = (fn: ReturnType<typeof vi.fn>) => until(() => fn.mock.calls.length > 0)
const message = { ts: 1, type: "ask" as const, ask: "tool" as const, text: "{}" }

function question(overrides: Partial<PendingQuestion> = {}): PendingQuestion {
	return { ts: 1, ask: "tool", message, blockers: [], ...overrides }
}

async function type(stdin: { write(data: string): void }, ...keys: string[]) {
	for (const key of keys) {
		stdin.write(key)
		await tick()
	}
}

describe("ApprovalPrompt", () => {
	it("y approves at once", async () => {
		const onAnswer = vi.fn()
		const { stdin, lastFrame } = render(<ApprovalPrompt question={question()} onAnswer={onAnswer} />)
		expect(lastFrame()).toContain("Approve this file operation?")
		await type(stdin, "y")
		await called(onAnswer)
		expect(onAnswer).toHaveBeenCalledWith({ kind: "yes" })
	})

	it("n rejects; typed feedback (even starting with y or n once typing) rejects with reasons", async () => {
		const onAnswer = vi.fn()
		const { stdin, lastFrame } = render(
			<ApprovalPrompt question={question({ ask: "command" })} onAnswer={onAnswer} />,
		)
		await type(stdin, "u", "s", "e", " ", "n", "p", "m")
		await frameShows(lastFrame, "› use npm")
		await type(stdin, "\r")
		await called(onAnswer)
		expect(onAnswer).toHaveBeenCalledWith({ kind: "text", text: "use npm" })
		const second = vi.fn()
		const other = render(<ApprovalPrompt question={question()} onAnswer={second} />)
		await type(other.stdin, "n")
		await called(second)
		expect(second).toHaveBeenCalledWith({ kind: "no" })
	})

	it("shows why -y did not approve it", () => {
		const { lastFrame } = render(
			<ApprovalPrompt
				question={question({
					blockers: [".vscode/settings.json is a protected file (--allow-protected)"],
				})}
				onAnswer={() => {}}
			/>,
		)
		expect(lastFrame()).toContain("! .vscode/settings.json is a protected file")
	})
})

describe("FollowupPicker", () => {
	const followup = {
		question: "Which database?",
		suggest: [{ answer: "SQLite" }, { answer: "Postgres", mode: "architect" }],
	}

	it("↓ and Enter pick a suggestion", async () => {
		const onAnswer = vi.fn()
		const { stdin, lastFrame } = render(
			<FollowupPicker question={question({ ask: "followup", followup })} onAnswer={onAnswer} />,
		)
		expect(lastFrame()).toContain("❯ SQLite")
		expect(lastFrame()).toContain("(switches to architect)")
		await type(stdin, "\u001b[B")
		await frameShows(lastFrame, "❯ Postgres")
		await type(stdin, "\r")
		await called(onAnswer)
		expect(onAnswer).toHaveBeenCalledWith({ kind: "text", text: "Postgres" })
	})

	it("a typed answer wins over the highlighted suggestion", async () => {
		const onAnswer = vi.fn()
		const { stdin } = render(
			<FollowupPicker question={question({ ask: "followup", followup })} onAnswer={onAnswer} />,
		)
		await type(stdin, "DuckDB", "\r")
		await called(onAnswer)
		expect(onAnswer).toHaveBeenCalledWith({ kind: "text", text: "DuckDB" })
	})
})

describe("PromptBox", () => {
	it("asks for a task when there is none and submits the typed line", async () => {
		const onSubmit = vi.fn()
		const { stdin, lastFrame } = render(<PromptBox ask={undefined} onSubmit={onSubmit} />)
		expect(lastFrame()).toContain("What should Cairn do?")
		await type(stdin, "\r")
		expect(onSubmit).not.toHaveBeenCalled()
		await type(stdin, "fix the build", "\r")
		await called(onSubmit)
		expect(onSubmit).toHaveBeenCalledWith("fix the build")
	})

	it("Enter alone resumes an interrupted task", async () => {
		const onSubmit = vi.fn()
		const { stdin, lastFrame } = render(<PromptBox ask="resume_task" onSubmit={onSubmit} />)
		expect(lastFrame()).toContain("Interrupted. Enter resumes")
		await type(stdin, "\r")
		await called(onSubmit)
		expect(onSubmit).toHaveBeenCalledWith("y")
	})
})
