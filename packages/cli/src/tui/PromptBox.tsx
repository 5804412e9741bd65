import type { ClineAsk } from "@cairn/types"
import { Box, Text, useInput } from "ink"
import { useLineEditor } from "./useLineEditor.js"

/** What the box says at each point where the person can type. */
export function promptLabel(ask: ClineAsk | undefined): string {
	switch (ask) {
		case undefined:
			return "What should Cairn do?"
		case "completion_result":
			return "Done. Type to continue this task, or Ctrl+C twice to exit."
		case "api_req_failed":
			return "The request failed. y retries; type to retry with a note."
		case "mistake_limit_reached":
			return "The model keeps failing. Type guidance, or y to let it try again."
		case "resume_task":
			return "Interrupted. Enter resumes; type to resume with instructions."
		case "resume_completed_task":
			return "This task is complete. Type to continue it."
		case "auto_approval_max_req_reached":
			return "The auto-approval limit was reached. y continues."
		default:
			return "›"
	}
}

/** The chat box: a task to start, or the answer at an idle or resumable ask. */
export function PromptBox({
	ask,
	onSubmit,
}: {
	ask: ClineAsk | undefined
	onSubmit: (text: string) => void
}) {
	const line = useLineEditor()
	useInput((input, key) => {
		const edit = line.edit(input, key)
		if (!edit.submitted) return
		const text = edit.value.trim()
		// Enter alone resumes an interrupted task; elsewhere an empty line does nothing.
		if (text !== "" || ask === "resume_task") {
			line.clear()
			onSubmit(text === "" ? "y" : text)
		}
	})
	const value = line.value
	return (
		<Box flexDirection="column" borderStyle="round" borderColor="gray" paddingX={1}>
			<Text dimColor>{promptLabel(ask)}</Text>
			<Text>
				<Text color="cyan">› </Text>
				{value}
				<Text inverse> </Text>
			</Text>
		</Box>
	)
}
