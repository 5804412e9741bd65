import { parseMentions } from "@cairn/types"
import type { Logger } from "../host/Host.js"
import type { UserBlock } from "../providers/apiMessage.js"
import { CairnIgnore } from "../workspace/ignoreRules.js"
import { resolveMentions, type MentionHost } from "./resolveMentions.js"

/**
 * The mentions of a task's person, between the moment a message is sent and the request that
 * carries it. Only what the person wrote comes here (their first message, answers, feedback):
 * a model's text or a tool's result is never resolved. The transcript keeps the text as typed;
 * the model gets it with the blocks added.
 */
export class PersonMentions {
	private pending: Promise<string[]>[] = []

	constructor(private readonly host: MentionHost & { readonly logger: Logger }) {}

	/** Starts resolving the mentions of a message the person just sent. */
	personWrote(text: string | undefined): void {
		if (text === undefined || parseMentions(text).length === 0) return
		this.pending.push(
			CairnIgnore.load(this.host.workspaceRoot)
				.then((ignore) => resolveMentions(text, { host: this.host, ignore }))
				.catch((error: unknown) => {
					this.host.logger.warn("Resolving mentions failed", { error: String(error) })
					return [
						`<mentions error="true">\n[The mentioned content could not be included: ${String(error)}]\n</mentions>`,
					]
				}),
		)
	}

	/** The blocks of every message sent since the last request, for the next one (then forgotten). */
	async take(): Promise<UserBlock[]> {
		const blocks = (await Promise.all(this.pending.splice(0))).flat()
		if (blocks.length === 0) return []
		const intro =
			"The user mentioned these with @ in their message; their content as it was when the message was sent:"
		return [{ type: "text", text: [intro, ...blocks].join("\n\n") }]
	}
}
