import type { ClineAsk } from "@cairn/types"
import { Box, Text, useInput } from "ink"
import { t } from "../i18n/cliI18n.js"
import { useLineEditor } from "./useLineEditor.js"

/** What the box says at each point where the person can type. */
export function promptLabel(ask: ClineAsk | undefined): string {
	switch (ask) {
		case undefined:
			return t("tui.whatToDo")
		case "completion_result":
			return t("tui.done")
		case "api_req_failed":
			return t("tui.requestFailed")
		case "mistake_limit_reached":
			return t("tui.mistakeLimit")
		case "resume_task":
			return t("tui.interrupted")
		case "resume_completed_task":
			return t("tui.completed")
		case "auto_approval_max_req_reached":
			return t("tui.autoApprovalLimit")
		case "budget_reached":
			return t("tui.budgetReached")
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
