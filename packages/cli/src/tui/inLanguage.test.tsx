import type { ClineMessage } from "@cairn/types"
import { render } from "ink-testing-library"
import { afterEach, describe, expect, it } from "vitest"
import { useCliLanguage } from "../i18n/cliI18n.js"
import { ApprovalPrompt } from "./ApprovalPrompt.js"
import { MessageRow } from "./MessageRow.js"
import { PromptBox } from "./PromptBox.js"
import { StatusLine } from "./StatusLine.js"

afterEach(() => useCliLanguage("en"))

const row = (message: Omit<ClineMessage, "ts">): string =>
	render(<MessageRow message={{ ts: 1, ...message }} isTask={false} />).lastFrame() ?? ""

describe("the TUI in the person's language", () => {
	it("tells under the person's message, in Japanese, the mentions the model did not get", async () => {
		await useCliLanguage("ja")
		const frame = row({
			type: "say",
			say: "user_feedback",
			text: "@git-changes を見て",
			mentionsLeftOut: ["@git-changes"],
		})
		expect(frame).toContain("› @git-changes を見て")
		expect(frame).toContain("⚠ メッセージに含められませんでした (理由はモデルに伝えてあります):")
		// The line wraps at the test terminal's width.
		expect(frame).toContain("@git-changes: ここでは Git の変更を読み取れませんでした")
	})

	it("asks for a task and offers to continue a finished one in Japanese", async () => {
		await useCliLanguage("ja")
		expect(render(<PromptBox ask={undefined} onSubmit={() => {}} />).lastFrame()).toContain(
			"Cairn に何をさせますか?",
		)
		expect(render(<PromptBox ask="resume_completed_task" onSubmit={() => {}} />).lastFrame()).toContain(
			"このタスクは完了しています。入力すると続行します。",
		)
	})

	it("puts an approval to the person in Korean", async () => {
		await useCliLanguage("ko")
		const frame = render(
			<ApprovalPrompt
				question={{
					ts: 1,
					ask: "command",
					message: { ts: 1, type: "ask", ask: "command", text: "{}" },
					blockers: [],
				}}
				onAnswer={() => {}}
			/>,
		).lastFrame()
		expect(frame).toContain("이 명령을 승인할까요?")
		expect(frame).toContain("y 예 · n 아니요")
	})

	it("shows the state, tokens and cost in German with German numbers", async () => {
		await useCliLanguage("de")
		const frame = render(
			<StatusLine
				state={{
					state: "waiting_for_input",
					isWaitingForInput: true,
					isRunning: false,
					isStreaming: false,
					requiredAction: "answer",
					description: "waiting for an answer",
				}}
				mode="code"
				usage={{ tokens: { input: 1_234, output: 56_789, cacheReads: 0, cacheWrites: 0 }, cost: 0.5 }}
				hint="Esc zum Abbrechen"
			/>,
		).lastFrame()
		expect(frame).toContain("● wartet auf Eingabe")
		expect(frame).toContain("1.234 ein / 56,8k aus · 0,50\u00a0$")
	})

	it("counts retries by Russian plural rules and names a tool call's ending in French", async () => {
		await useCliLanguage("ru")
		const retry = (attempt: number) =>
			row({
				type: "say",
				say: "api_req_retry_delayed",
				text: JSON.stringify({
					attempt,
					maxAttempts: 5,
					delayMs: 0,
					error: "429",
					result: "succeeded",
				}),
			})
		expect(retry(1)).toContain("прошло после 1 повтора")
		expect(retry(5)).toContain("прошло после 5 повторов")
		await useCliLanguage("fr")
		expect(
			row({
				type: "say",
				say: "tool",
				text: JSON.stringify({ tool: "readFile", path: "src/a.ts" }),
				outcome: "rejected",
			}),
		).toContain("● Lire src/a.ts (refusé)")
	})
})
