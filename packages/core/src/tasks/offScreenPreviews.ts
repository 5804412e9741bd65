import type { EditSession, Host, ProposedEdit } from "../host/Host.js"
import { fileEditSession } from "../host/node/fileEditSession.js"

/** An edit a task proposes, with the editor's preview of it once one was opened. */
interface Proposal {
	host: Host
	edit: ProposedEdit
	opened?: Promise<EditSession>
}

/**
 * Keeps a task's proposed edits out of the editor while the chat does not show that task: a task
 * at work on the board must not open a diff in front of what the person is looking at. Its card
 * shows the approval; the preview opens when the chat shows the task or the person asks for it,
 * and an edit approved without ever being previewed is saved as proposed.
 */
export class OffScreenPreviews {
	/** The edit each task waits on approval of (a task proposes one edit at a time). */
	private readonly proposals = new Map<string, Proposal>()

	constructor(private readonly onScreen: (taskId: string) => boolean) {}

	/**
	 * The preview of `taskId`'s edit: opened through `host` now when the task is on screen (a
	 * preview that cannot open fails the edit, as it always has), else held until `show`.
	 */
	async previewEdit(host: Host, taskId: string, edit: ProposedEdit): Promise<EditSession> {
		const proposal: Proposal = { host, edit }
		if (this.onScreen(taskId)) {
			proposal.opened = host.previewEdit(edit)
			await proposal.opened
		}
		this.proposals.set(taskId, proposal)
		const settled = () => {
			if (this.proposals.get(taskId) === proposal) this.proposals.delete(taskId)
		}
		const session = async () => proposal.opened ?? fileEditSession(edit)
		return {
			finalContent: async () => (await session()).finalContent(),
			save: async (content) => {
				settled()
				await (await session()).save(content)
			},
			discard: async () => {
				settled()
				await (await session()).discard()
			},
		}
	}

	/**
	 * Opens the preview `taskId`'s waiting edit has not had yet (the chat shows it, or the person
	 * asked). One that cannot open is said so, and the edit still waits: approved, it is saved as
	 * proposed.
	 */
	async show(taskId: string): Promise<void> {
		const proposal = this.proposals.get(taskId)
		if (proposal === undefined || proposal.opened !== undefined) return
		const opening = proposal.host.previewEdit(proposal.edit)
		proposal.opened = opening
		try {
			await opening
		} catch (error) {
			if (proposal.opened === opening) delete proposal.opened
			throw error
		}
	}
}
