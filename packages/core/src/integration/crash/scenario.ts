import type { ScriptedTurn, TurnFunction } from "@cairn/model-server"

interface ChatBody {
	messages?: { role: string; content?: unknown }[]
}

/**
 * The long task's model: a cycle of steps that keeps a child busy in every phase the crash
 * test wants to interrupt (slow streaming, writes, commands, a follow-up ask, reads), and
 * attempt_completion as soon as it is told the task was resumed.
 */
export const longTaskModel: TurnFunction = ({ request }) => {
	const body = request.body as ChatBody
	const text = JSON.stringify(body.messages ?? [])
	if (text.includes("TASK RESUMPTION"))
		return { toolCalls: [{ name: "attempt_completion", arguments: { result: "Resumed and finished." } }] }
	const step = (body.messages ?? []).filter((m) => m.role === "assistant").length
	const steps: ScriptedTurn[] = [
		{
			text: `Step ${step}: writing a file while this sentence streams in slowly.`,
			textChunks: 12,
			chunkDelayMs: 15,
			toolCalls: [
				{
					name: "write_to_file",
					arguments: {
						path: `notes/step-${step}.md`,
						content: `# Step ${step}\n${"text ".repeat(40)}\n`,
					},
				},
			],
			argumentChunks: 10,
		},
		{ toolCalls: [{ name: "execute_command", arguments: { command: `sleep 0.2; echo step ${step}` } }] },
		{
			toolCalls: [
				{
					name: "ask_followup_question",
					arguments: {
						question: `Continue after step ${step}?`,
						follow_up: [{ text: "yes" }, { text: "no" }],
					},
				},
			],
		},
		{ toolCalls: [{ name: "read_file", arguments: { path: `notes/step-${Math.max(0, step - 3)}.md` } }] },
	]
	return steps[step % steps.length] as ScriptedTurn
}
