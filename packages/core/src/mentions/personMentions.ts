import { mentionText, parseMentions } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import type { UserBlock } from "../providers/apiMessage.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import { isUnresolvedBlock } from "./mentionBlock.js"
import { resolveMentions, type MentionHost } from "./resolveMentions.js"

/** A message's mentions whose content could not be included, as the person typed them. */
export interface MentionsLeftOut {
	/** The message, as the person sent it. */
	text: string
	mentions: string[]
}

interface Resolved {
	text: string
	blocks: string[]
	leftOut: string[]
}

/**
 * The mentions of a task's person, between the moment a message is sent and the request that
 * carries it. Only what the person wrote comes here (their first message, answers, feedback):
 * a model's text or a tool's result is never resolved. The transcript keeps the text as typed;
 * the model gets it with the blocks added. A mention that could not be included is told to the
 * model in its block and to the person through `onLeftOut` (their message's row says so).
 */
export class PersonMentions {
	private pending: Promise<Resolved>[] = []

	constructor(
		private readonly host: MentionHost & { readonly logger: Logger },
		private readonly onLeftOut: (leftOut: MentionsLeftOut) => void = () => undefined,
	) {}

	/** Starts resolving the mentions of a message the person just sent. */
	personWrote(text: string | undefined): void {
		if (text === undefined) return
		const typed = parseMentions(text).map(mentionText)
		if (typed.length === 0) return
		this.pending.push(
			CairnIgnore.load(this.host.workspaceRoot)
				.then((ignore) => resolveMentions(text, { host: this.host, ignore }))
				// One block per mention, in the order they were typed.
				.then((blocks) => ({
					text,
					blocks,
					leftOut: typed.filter((_, i) => isUnresolvedBlock(blocks[i] ?? "")),
				}))
				.catch((error: unknown) => {
					this.host.logger.warn("Resolving mentions failed", { error: String(error) })
					return {
						text,
						blocks: [
							`<mentions error="true">\n[The mentioned content could not be included: ${String(error)}]\n</mentions>`,
						],
						leftOut: typed,
					}
				}),
		)
	}

	/**
	 * The blocks of every message sent since the last request, for the next one (then forgotten).
	 * By now each message has its row, so the person is told here what was left out.
	 */
	async take(): Promise<UserBlock[]> {
		const resolved = await Promise.all(this.pending.splice(0))
		for (const { text, leftOut } of resolved)
			if (leftOut.length > 0) this.onLeftOut({ text, mentions: [...new Set(leftOut)] })
		const blocks = resolved.flatMap((r) => r.blocks)
		if (blocks.length === 0) return []
		const intro =
			"The user mentioned these with @ in their message; their content as it was when the message was sent:"
		return [{ type: "text", text: [intro, ...blocks].join("\n\n") }]
	}
}
