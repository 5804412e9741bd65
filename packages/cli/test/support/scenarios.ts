import type { ScriptedTurn } from "@cairn/model-server"

export const complete = (result = "Done."): ScriptedTurn => ({
	toolCalls: [{ name: "attempt_completion", arguments: { result } }],
})

export const writeFile = (path: string, content: string): ScriptedTurn => ({
	toolCalls: [{ name: "write_to_file", arguments: { path, content } }],
})

export const readFile = (path: string): ScriptedTurn => ({
	toolCalls: [{ name: "read_file", arguments: { path } }],
})

export const runCommand = (command: string): ScriptedTurn => ({
	toolCalls: [{ name: "execute_command", arguments: { command } }],
})

export const askFollowup = (question: string, answers: string[]): ScriptedTurn => ({
	toolCalls: [
		{
			name: "ask_followup_question",
			arguments: { question, follow_up: answers.map((text) => ({ text })) },
		},
	],
})
