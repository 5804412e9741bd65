import { Box, Text, useInput } from "ink"
import type { PendingQuestion, PersonAnswer } from "@cairn/core"
import { useLineEditor } from "./useLineEditor.js"

const what: Readonly<Record<string, string>> = {
	tool: "this file operation",
	command: "this command",
	use_mcp_server: "this MCP request",
	browser_action_launch: "opening the browser",
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
				Approve {what[question.ask] ?? question.ask}? <Text bold>y</Text> yes · <Text bold>n</Text> no
				· or type feedback and Enter
			</Text>
			{value !== "" && <Text color="cyan">› {value}</Text>}
		</Box>
	)
}
