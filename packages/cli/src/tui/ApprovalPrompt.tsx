import { Box, Text, useInput } from "ink"
import type { PendingQuestion, PersonAnswer } from "@cairn/core"
import { t, type CliMessageKey } from "../i18n/cliI18n.js"
import { useLineEditor } from "./useLineEditor.js"

const questions: Readonly<Record<string, CliMessageKey>> = {
	tool: "tui.approveTool",
	command: "tui.approveCommand",
	use_mcp_server: "tui.approveMcp",
	browser_action_launch: "tui.approveBrowser",
}

function approvalQuestion(ask: string): string {
	const key = questions[ask]
	return key === undefined ? t("tui.approveOther", { ask }) : t(key)
}

/**
 * An approval: y approves, n rejects, or typed feedback + Enter rejects with reasons (the model
 * reads them). y and n act only on an empty line, so feedback may start with either letter.
 */
export function ApprovalPrompt({
	question,
	onAnswer,
}: {
	question: PendingQuestion
	onAnswer: (answer: PersonAnswer) => void
}) {
	const line = useLineEditor()
	useInput((input, key) => {
		const empty = line.current() === ""
		if (empty && (input === "y" || input === "Y")) return onAnswer({ kind: "yes" })
		if (empty && (input === "n" || input === "N")) return onAnswer({ kind: "no" })
		const edit = line.edit(input, key)
		if (edit.submitted && edit.value.trim() !== "") onAnswer({ kind: "text", text: edit.value.trim() })
	})
	const value = line.value
	return (
		<Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
			{question.blockers.map((blocker) => (
				<Text key={blocker} color="yellow">
					! {blocker}
				</Text>
			))}
			<Text>
				<Text bold>{approvalQuestion(question.ask)}</Text> {t("tui.approveKeys")}
			</Text>
			{value !== "" && <Text color="cyan">› {value}</Text>}
		</Box>
	)
}
