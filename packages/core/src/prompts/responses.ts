// What the model is told when something other than a tool's own output needs saying. Kept in
// one place so the wording is consistent and easy to improve.

export const responses = {
	noToolsUsed: () =>
		"[ERROR] You did not use a tool in your previous response. Every response must call a tool: " +
		"use attempt_completion when the task is done, ask_followup_question if you need information " +
		"from the user, or another tool to make progress.",

	toolDenied: () => "The user denied this operation.",

	feedback: (text: string) => `The user said:\n<feedback>\n${text}\n</feedback>`,

	toolSkipped: (reason: string) => `The tool was not run: ${reason}.`,

	unknownTool: (name: string, known: readonly string[]) =>
		`There is no tool named "${name}". The available tools are: ${known.join(", ")}.`,

	invalidArguments: (name: string, problem: string) =>
		`The arguments of ${name} could not be used: ${problem}. Call the tool again with valid arguments.`,

	toolFailed: (name: string, message: string) => `${name} failed: ${message}`,

	completionFeedback: (text: string) =>
		`The user has feedback on your result. Address it, then use attempt_completion again.\n<feedback>\n${text}\n</feedback>`,

	resumption: (secondsAgo: number) =>
		`[TASK RESUMPTION] This task was interrupted ${describeAgo(secondsAgo)}. It may or may not be complete, so reassess ` +
		"the task context. The project's state may have changed since then. If the last tool you used " +
		"was interrupted, check whether it had an effect before repeating it.",

	filesRestored: (taskRewound: boolean) =>
		taskRewound
			? "The user rewound the task to this point and restored the workspace's files to how they were here. Work from the files as they are now."
			: "The user restored the workspace's files to an earlier checkpoint. Files you changed since then may be back as they were: check before relying on them.",

	mistakeLimitGuidance: (text: string) =>
		`The user has given guidance after several failed attempts:\n<feedback>\n${text}\n</feedback>`,
} as const

function describeAgo(seconds: number): string {
	if (seconds < 120) return `${seconds} seconds ago`
	if (seconds < 7200) return `${Math.round(seconds / 60)} minutes ago`
	if (seconds < 172_800) return `${Math.round(seconds / 3600)} hours ago`
	return `${Math.round(seconds / 86_400)} days ago`
}
