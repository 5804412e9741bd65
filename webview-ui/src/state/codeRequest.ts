import { acceptsQueuedMessage, chatControls, detectAgentState } from "@cairn/types"
import { postToHost } from "../vscode"
import { queueMessage, showView, submit, type Typed } from "./chatActions"
import { useWebviewStore } from "./store"

const store = useWebviewStore

/**
 * A request from an editor action (Explain, Fix, Improve with Cairn) starts a task of its own,
 * unless the task on screen is still going: the agent is working, or waits for the person's
 * answer or approval. Then the request belongs to what the person is doing now and joins it as
 * a typed message would, except that at an approval it waits for the next question instead of
 * rejecting the request on screen. A finished, failed, stopped or reopened task is left alone:
 * the code the person points at now has nothing to do with it.
 */
export function askAboutCode({ text, images }: Typed): void {
	showView("chat")
	const { latest, leavingTask } = store.getState()
	const agent = detectAgentState(latest)
	const going = agent.isRunning || agent.state === "waiting_for_input"
	const request = { text: text.trim(), images }
	if (request.text === "" && images.length === 0) return
	if (leavingTask) {
		submit(request) // held, then sent as the first message of the New Task on its way
	} else if (!going) {
		// Starting a task replaces the one on screen, which stays in the history.
		postToHost({ type: "newTask", text: request.text, ...(images.length > 0 && { images }) })
	} else if (agent.isRunning || acceptsQueuedMessage(latest, chatControls(latest))) {
		submit(request)
	} else {
		queueMessage(request)
	}
}
