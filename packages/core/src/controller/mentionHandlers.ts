import type { Host } from "../host/Host.js"
import type { Handler } from "./handlerContext.js"
import { recentCommits } from "../mentions/gitMentions.js"
import { WorkspaceFiles } from "../mentions/workspaceFiles.js"

/** One cached listing per workspace the hosts work in (a HandlerContext restart keeps it warm). */
const listings = new WeakMap<Host, WorkspaceFiles>()

function workspaceFilesOf(host: Host): WorkspaceFiles {
	let files = listings.get(host)
	if (files === undefined) {
		files = new WorkspaceFiles(host.workspaceRoot)
		listings.set(host, files)
	}
	return files
}

/** The @-mention menu's searches. */
export const mentionHandlers: { searchFiles: Handler<"searchFiles"> } = {
	searchFiles: async (context, message, reply) => {
		const host = context.host
		const [results, commits] = await Promise.all([
			workspaceFilesOf(host)
				.search(message.query)
				.catch((error: unknown) => {
					host.logger.warn("Listing the workspace's files failed", { error: String(error) })
					return []
				}),
			recentCommits(host.workspaceRoot),
		])
		reply({ type: "fileSearchResults", requestId: message.requestId, results, commits })
	},
}
