import type { ClineSayTool } from "@cairn/types"
import { displayPath } from "../../approval/pathGate.js"
import { hashContent } from "../../context/fileContext/fileFingerprint.js"
import { ApprovedPathChangedError, assertStillApproved } from "../../workspace/approvedWrite.js"
import type { ResolvedPath } from "../../workspace/workspacePaths.js"
import type { ToolContext, ToolResult } from "../toolDefinition.js"
import { describeChange, takeSnapshot, type FileSnapshot } from "./textFile.js"
import { deniedResult, toolError, withFeedback } from "./toolResults.js"
import { unifiedDiff } from "./unifiedDiff.js"

export interface EditProposal {
	path: ResolvedPath
	isProtected: boolean
	/** The file as the tool read it when it computed `proposed`. */
	before: FileSnapshot
	proposed: string
	/** The approval row, given the unified diff of the change. */
	row(diff: string): ClineSayTool
	/** What the change was, for the result ("Inserted 3 lines at line 12 of"). */
	summary: string
}

function refusedSave(shown: string, error: unknown): ToolResult {
	const reason = error instanceof Error ? error.message : String(error)
	if (error instanceof ApprovedPathChangedError)
		return toolError(
			`Refused to save ${shown}: ${reason}. Nothing was written. Tell the user; do not retry until they have checked that folder.`,
		)
	return toolError(`Could not save ${shown}: ${reason}. The file was not changed.`)
}

/**
 * The one way every edit tool changes a file: preview it, ask, then save what the person
 * approved. Right before saving the file is read again; if anyone touched it since the tool
 * read it, nothing is written, because the change was computed against text that is gone.
 */
export async function proposeEdit(context: ToolContext, proposal: EditProposal): Promise<ToolResult> {
	const { path, before, proposed } = proposal
	const shown = displayPath(path)
	if (before.content === proposed)
		return { content: `${shown} already has this content; nothing was changed.` }

	const diff = unifiedDiff(path.relative, before.content ?? "", proposed)
	const session = await context.host.previewEdit({
		absolutePath: path.absolute,
		relativePath: path.relative,
		original: before.content,
		proposed,
	})
	let outcome
	try {
		outcome = await context.approve({
			kind: "write",
			row: proposal.row(diff),
			absolutePath: path.absolute,
			isOutsideWorkspace: path.isOutsideWorkspace,
			isProtected: proposal.isProtected,
		})
	} catch (error) {
		await session.discard()
		throw error
	}
	if (!outcome.approved) {
		await session.discard()
		return deniedResult(`this change to ${shown}; the file was not changed`, outcome.feedback)
	}
	if (context.signal.aborted) {
		await session.discard()
		return toolError(`The task was cancelled; ${shown} was not changed.`)
	}

	const final = await session.finalContent()
	try {
		// Before the file is read again: after a swap that read would be of the file it now leads to.
		await assertStillApproved(path.absolute)
	} catch (error) {
		await session.discard()
		return refusedSave(shown, error)
	}
	const change = describeChange(before, await takeSnapshot(path.absolute))
	if (change !== undefined) {
		await session.discard()
		return toolError(
			`${shown} ${change} after you read it, so your edit was not saved (it would overwrite that change). ` +
				"Read the file again and redo the edit against its current content.",
		)
	}
	try {
		await session.save(final)
	} catch (error) {
		await session.discard()
		return refusedSave(shown, error)
	}
	// The result tells the model what was saved: from here on, only someone else's change is news.
	context.fileContext?.modelHasSeen(path, hashContent(final))

	let text = `${proposal.summary} ${shown}.`
	if (final !== proposed) {
		const userEdits = unifiedDiff(path.relative, proposed, final)
		context.showUserEdits({ tool: "editedExistingFile", path: path.relative, diff: userEdits })
		text +=
			"\n\nThe user edited your proposal before saving it. Their changes (from your proposal to what was saved):\n" +
			userEdits +
			"\nTake their edits as they are: do not undo them."
	}
	return withFeedback(text, outcome.feedback)
}
