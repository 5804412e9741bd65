import type { TFunction } from "i18next"

// The labels chatControls gives (seed 001's table, shared with the CLI), by their English text.
const keys = {
	Cancel: "cancel",
	Reject: "button.reject",
	Retry: "button.retry",
	"New Task": "button.newTask",
	Proceed: "button.proceed",
	Answer: "button.answer",
	Approve: "button.approve",
	Run: "button.run",
	Resume: "button.resume",
	Terminate: "button.terminate",
	"Proceed While Running": "button.proceedWhileRunning",
	"Kill Command": "button.killCommand",
	Continue: "button.continue",
	"End Task": "button.endTask",
	"Raise Limit": "button.raiseLimit",
	"Return to parent": "button.returnToParent",
} as const

/** A chat button's label in the webview's language; a label this table does not know shows as given. */
export function chatButtonLabel(text: string, t: TFunction<"common">): string {
	const key: (typeof keys)[keyof typeof keys] | undefined = keys[text as keyof typeof keys]
	return key === undefined ? text : t(key)
}
