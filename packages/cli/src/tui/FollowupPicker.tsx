import { Box, Text, useInput } from "ink"
import { useRef, useState } from "react"
import type { PendingQuestion, PersonAnswer } from "@cairn/core"
import { t } from "../i18n/cliI18n.js"
import { useLineEditor } from "./useLineEditor.js"

/** A follow-up question: ↑/↓ and Enter pick a suggested answer, or type your own and press Enter. */
export function FollowupPicker({
	question,
	onAnswer,
}: {
	question: PendingQuestion
	onAnswer: (answer: PersonAnswer) => void
}) {
	const suggestions = question.followup?.suggest ?? []
	const selectedRef = useRef(0)
	const [selected, setSelectedState] = useState(0)
	const select = (index: number) => {
		selectedRef.current = Math.max(0, Math.min(suggestions.length - 1, index))
		setSelectedState(selectedRef.current)
	}
	const line = useLineEditor()
	useInput((input, key) => {
		if (key.upArrow) return select(selectedRef.current - 1)
		if (key.downArrow) return select(selectedRef.current + 1)
		const edit = line.edit(input, key)
		if (!edit.submitted) return
		const typed = edit.value.trim()
		const answer = typed !== "" ? typed : suggestions[selectedRef.current]?.answer
		if (answer !== undefined) onAnswer({ kind: "text", text: answer })
	})
	const value = line.value
	return (
		<Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
			<Text bold>{question.followup?.question ?? t("tui.agentAsks")}</Text>
			{suggestions.map((suggestion, i) => (
				<Text key={i} color={i === selected && value === "" ? "cyan" : undefined}>
					{i === selected && value === "" ? "❯" : " "} {suggestion.answer}
					{suggestion.mode ? (
						<Text dimColor> {t("tui.switchesTo", { mode: suggestion.mode })}</Text>
					) : null}
				</Text>
			))}
			<Text dimColor>{t("tui.pickHint")}</Text>
			{value !== "" && <Text color="cyan">› {value}</Text>}
		</Box>
	)
}
