import { parseMentions, type Mention } from "@cairn/types"
import type { Host } from "../host/Host.js"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import { fileMention, folderMention, type WorkspaceAccess } from "./fileMentions.js"
import { commitMention, gitChangesMention } from "./gitMentions.js"
import { capped, mentionBlock, mentionLimits, unresolvedBlock } from "./mentionBlock.js"
import { urlMention } from "./urlMention.js"

/** What resolving needs of the host: the workspace, the editor's problems and terminal. */
export type MentionHost = Pick<Host, "workspaceRoot" | "diagnostics" | "recentTerminalOutput">

export interface MentionSources {
	host: MentionHost
	ignore: CairnIgnore
	signal?: AbortSignal
}

/** The tagged blocks for the mentions in `text`, one per mention, in the order they were typed. */
export async function resolveMentions(text: string, sources: MentionSources): Promise<string[]> {
	return Promise.all(parseMentions(text).map((mention) => resolveMention(mention, sources)))
}

/** One mention's block; a mention that cannot be resolved gets a block saying why. */
export async function resolveMention(mention: Mention, sources: MentionSources): Promise<string> {
	const access: WorkspaceAccess = { workspaceRoot: sources.host.workspaceRoot, ignore: sources.ignore }
	switch (mention.kind) {
		case "file":
			return fileMention(access, mention.path)
		case "folder":
			return folderMention(access, mention.path)
		case "problems":
			return problemsMention(sources)
		case "terminal":
			return terminalMention(sources.host)
		case "gitChanges":
			return gitChangesMention(access)
		case "commit":
			return commitMention(access, mention.hash)
		case "url":
			return urlMention(mention.url, sources.signal)
	}
}

/** `@problems`: the errors and warnings the editor knows, of files the agent may read. */
async function problemsMention({ host, ignore }: MentionSources): Promise<string> {
	const problems = (await host.diagnostics()).filter(
		(d) => (d.severity === "error" || d.severity === "warning") && ignore.isAllowed(d.path),
	)
	if (problems.length === 0)
		return mentionBlock("workspace_diagnostics", {}, "No errors or warnings in the workspace.")
	const lines = problems.map(
		(d) => `${d.path}:${d.line} [${d.severity}${d.source ? ` ${d.source}` : ""}] ${d.message}`,
	)
	return mentionBlock("workspace_diagnostics", {}, capped(lines.join("\n"), mentionLimits.fileChars))
}

/** `@terminal`: the active terminal's recent output, where the host has terminals. */
async function terminalMention(host: MentionHost): Promise<string> {
	if (host.recentTerminalOutput === undefined)
		return unresolvedBlock(
			"terminal_output",
			{},
			"there is no editor terminal here (the CLI has none); paste the output into the message instead",
		)
	const recent = await host.recentTerminalOutput()
	if (recent === undefined)
		return unresolvedBlock(
			"terminal_output",
			{},
			"no terminal output is known: open a terminal and run a command in it (its shell needs VS Code's shell integration)",
		)
	const output =
		recent.output.length > mentionLimits.terminalChars
			? `[… the output's first ${recent.output.length - mentionLimits.terminalChars} characters are left out]\n${recent.output.slice(-mentionLimits.terminalChars)}`
			: recent.output
	return mentionBlock("terminal_output", { terminal: recent.terminal }, output)
}
