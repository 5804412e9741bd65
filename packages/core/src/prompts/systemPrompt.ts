import os from "node:os"
import { currentModeText, modesListText } from "../modes/modePrompt.js"
import { builtInModeLookup, type ModeLookup } from "../modes/modeLookup.js"
import { languageSection } from "./languageSection.js"

export interface SystemPromptInput {
	workspaceRoot: string
	mode: string
	/** Where `mode` is looked up (custom modes too); the built-in modes only by default. */
	modes?: ModeLookup
	/** Contents of AGENTS.md, .cairn/rules, the mode's rules and other tools' instruction files, already read. */
	rules: readonly { source: string; text: string }[]
	customInstructions: string
	/** The ignore files' text (.cairnignore and other tools'), when there is one. */
	ignoreRules?: string
	/** What the model must know about the workspace's intents (seed 004), when it has them. */
	governance?: string
	/** The connected MCP servers, their tools and resources, when there are any. */
	mcpServers?: string
	/** The enabled skills' names and descriptions (skillsPromptSection), when there are any. */
	skills?: string
	/** The BCP 47 tag of the language the person reads (see personLanguage); English when absent. */
	language?: string
}

function section(title: string, body: string): string {
	return `====\n\n${title}\n\n${body.trim()}\n`
}

/**
 * Assembled fresh for every request from small sections, because rules, mode and instructions
 * can change between turns.
 */
export function buildSystemPrompt(input: SystemPromptInput): string {
	const modes = input.modes ?? builtInModeLookup
	const mode = modes.mode(input.mode)
	const parts = [
		mode.roleDefinition,
		section("MODE", currentModeText(mode)),
		section("MODES", modesListText(modes.all())),
		section(
			"TOOL USE",
			[
				"You act only through the tools, one call at a time: wait for each result (it says whether the call worked) before the next.",
				"Read a file before editing it. Paths are relative to the workspace root.",
			].join("\n"),
		),
		section(
			"SYSTEM INFORMATION",
			[
				`Operating system: ${os.type()} ${os.release()}`,
				`Default shell: ${process.env.SHELL ?? "/bin/sh"}`,
				`Workspace root: ${input.workspaceRoot}`,
			].join("\n"),
		),
	]
	const language = input.language && languageSection(input.language)
	if (language) parts.push(section("LANGUAGE", language))
	if (input.mcpServers) parts.push(section("MCP SERVERS", input.mcpServers))
	if (input.skills) parts.push(section("SKILLS", input.skills))
	if (input.governance) parts.push(section("GOVERNANCE", input.governance))
	if (input.ignoreRules) {
		parts.push(
			section(
				"IGNORED FILES",
				`The user's ignore files (.cairnignore and other tools' .rooignore, .clineignore, .cursorignore) block access to these paths (gitignore syntax); do not try to read or change them:\n${input.ignoreRules}`,
			),
		)
	}
	for (const rule of input.rules) parts.push(section(`RULES FROM ${rule.source}`, rule.text))
	if (mode.customInstructions?.trim())
		parts.push(section(`INSTRUCTIONS FOR ${mode.name.toUpperCase()} MODE`, mode.customInstructions))
	if (input.customInstructions.trim() !== "")
		parts.push(section("USER'S CUSTOM INSTRUCTIONS", input.customInstructions))
	return parts.join("\n")
}
