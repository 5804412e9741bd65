import type { EditSession, ProposedEdit } from "../Host.js"
import { writeApprovedFile } from "../../workspace/approvedWrite.js"

/**
 * A terminal has no editor to review a change in: the diff is shown in the approval itself,
 * the proposal is what gets saved, and discarding leaves nothing to close.
 */
export function fileEditSession(edit: ProposedEdit): EditSession {
	return {
		finalContent: () => Promise.resolve(edit.proposed),
		save: (content) => writeApprovedFile(edit.absolutePath, content),
		discard: () => Promise.resolve(),
	}
}
