/** Thrown through the loop when the person cancels; the loop then offers to resume. */
export class TaskCancelled extends Error {
	constructor() {
		super("the task was cancelled")
	}
}
