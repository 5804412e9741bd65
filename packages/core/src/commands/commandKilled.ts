/**
 * Why a running command's signal aborted when the person pressed "Kill Command": the command
 * ends, the task goes on (a cancel of the whole task aborts with TaskCancelled instead).
 */
export class CommandKilled extends Error {
	constructor() {
		super("the user killed the command")
	}
}
