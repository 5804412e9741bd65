import { Box, Text, useInput } from "ink"
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react"
import { usageOfTotals, type ExtensionClient, type PersonAnswer } from "@cairn/core"
import { t } from "../i18n/cliI18n.js"
import { ApprovalPrompt } from "./ApprovalPrompt.js"
import { FollowupPicker } from "./FollowupPicker.js"
import { PromptBox } from "./PromptBox.js"
import type { QuestionStore } from "./QuestionStore.js"
import { StatusLine } from "./StatusLine.js"
import { Transcript } from "./Transcript.js"
import { useClientState } from "./useClientState.js"

/** Ctrl+C key presses in one input event (a fast double press can arrive as one chunk, "\u0003\u0003"). */
export function ctrlCPresses(input: string, ctrl: boolean): number {
	if (ctrl && input === "c") return 1
	return input !== "" && [...input].every((char) => char === "\u0003") ? input.length : 0
}

/** What the App can ask of the session around it. */
export interface TuiActions {
	/** Start a task (no task yet) or answer the idle / resumable ask with typed text. */
	submit(text: string): void
	cancel(): void
	exit(): void
	isTaskActive(): boolean
}

/**
 * The interactive terminal UI: the transcript as it streams, the approval or question the
 * AskDispatcher put to the person, the chat box when the agent waits for a new instruction, and
 * a status line. Esc or Ctrl+C cancels the running task; a second Ctrl+C exits.
 */
export function App({
	client,
	questions,
	actions,
}: {
	client: ExtensionClient
	questions: QuestionStore
	actions: TuiActions
}) {
	const state = useClientState(client)
	const question = useSyncExternalStore(questions.subscribe, questions.getSnapshot)
	// A ref as well as state: two Ctrl+C in one burst arrive before React re-renders.
	const armedRef = useRef(false)
	const [armed, setArmedState] = useState(false)
	const setArmed = (value: boolean) => {
		armedRef.current = value
		setArmedState(value)
	}
	const [hostError, setHostError] = useState<string | undefined>(undefined)
	// The host's summary covers the whole task; the store holds only its newest messages.
	const usage = useMemo(() => usageOfTotals(state.summary.totals), [state.summary])

	useEffect(() => {
		const onError = ({ error }: { error: string }) => setHostError(error)
		const onSnapshot = () => setHostError(undefined)
		client.on("hostError", onError)
		client.on("snapshot", onSnapshot)
		return () => {
			client.off("hostError", onError)
			client.off("snapshot", onSnapshot)
		}
	}, [client])

	useInput((input, key) => {
		const presses = ctrlCPresses(input, key.ctrl)
		if (presses > 0) {
			if (!armedRef.current && actions.isTaskActive()) actions.cancel()
			if (armedRef.current || presses > 1) return actions.exit()
			return setArmed(true)
		}
		if (key.escape) {
			if (actions.isTaskActive()) actions.cancel()
			return
		}
		if (armedRef.current) setArmed(false)
	})

	const answer = (reply: PersonAnswer) => questions.answer(reply)
	const agent = state.agentState
	const canType = agent.state === "no_task" || agent.state === "idle" || agent.state === "resumable"
	const active = actions.isTaskActive()
	const hint = t(armed ? "tui.hintExitAgain" : active ? "tui.hintCancel" : "tui.hintExit")

	return (
		<Box flexDirection="column">
			<Transcript taskId={state.taskId} messages={state.messages} />
			{hostError !== undefined && <Text color="red">✗ {hostError}</Text>}
			{question !== undefined ? (
				question.ask === "followup" ? (
					<FollowupPicker key={question.ts} question={question} onAnswer={answer} />
				) : (
					<ApprovalPrompt key={question.ts} question={question} onAnswer={answer} />
				)
			) : canType ? (
				<PromptBox
					key={`${state.taskId ?? ""}:${agent.lastMessageTs ?? 0}`}
					ask={agent.currentAsk}
					onSubmit={actions.submit}
				/>
			) : null}
			<StatusLine state={agent} mode={state.currentMode} usage={usage} hint={hint} />
		</Box>
	)
}
