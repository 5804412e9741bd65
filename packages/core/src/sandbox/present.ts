import { lstatOrUndefined } from "../fs/lstatOrUndefined.js"

/** Whether anything is at `target`, a dangling link included. */
export function present(target: string): boolean {
	return lstatOrUndefined(target) !== undefined
}
