import { postToHost } from "../vscode"

// What the demo's link and banner send. The host answers with `settingsUpdated` (the demo's
// profile added or removed) and, for the task, with the task's rows.

/** The scripted model, the "Demo (offline)" profile, and the sample project opened. */
export function startDemo(): void {
	postToHost({ type: "startDemo" })
}

/** The demo's task from its first step, with the prompt in the person's language. */
export function startDemoTask(text: string): void {
	postToHost({ type: "startDemoTask", text })
}

/** The demo's profile removed and its model stopped. */
export function removeDemo(): void {
	postToHost({ type: "removeDemo" })
}
