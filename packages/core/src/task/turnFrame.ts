import type { CairnSettings } from "@cairn/types"
import type { TaskBrowser } from "../browser/taskBrowser.js"
import type { RequestFrame } from "../context/contextManager.js"
import { governanceTurn } from "../governance/governancePrompt.js"
import type { GovernanceSession } from "../governance/governanceSession.js"
import type { Host } from "../host/Host.js"
import { personLanguage } from "../i18n/personLanguage.js"
import type { ModeLookup } from "../modes/modeLookup.js"
import type { SkippedFileNotices } from "../prompts/skippedFileNotices.js"
import { buildSystemPrompt } from "../prompts/systemPrompt.js"
import { loadWorkspaceRules } from "../prompts/workspaceRules.js"
import { findSkills } from "../skills/findSkills.js"
import { skillsPromptSection } from "../skills/skillsPrompt.js"
import type { CairnIgnore } from "../workspace/ignoreRules.js"
import type { OfferedTools } from "./offeredTools.js"
import type { Transcript } from "./transcript.js"

/** What a turn's request is framed from: the task's mode, its tools and the workspace it works in. */
export interface TurnFrameParts {
	host: Host
	settings: () => CairnSettings
	/** The task's mode now: the prompt of an attempt is the mode's it runs in. */
	mode: () => string
	modes: ModeLookup
	offered: OfferedTools
	browser: TaskBrowser
	governance: GovernanceSession
	skippedFiles: SkippedFileNotices
	transcript: Transcript
	/** The turn's ignore rules, read once for its prompt, environment details and tools. */
	ignore: CairnIgnore
	/** The files the task has read or edited: a rule written for them (a glob rule) applies. */
	contextFiles: readonly string[]
}

/**
 * Reads what a turn's system prompt and tools depend on (the workspace's rules, the governance
 * state, the tools that can run now) and returns how to frame each attempt of its request: built
 * again at every attempt, so a settings change applies to the retry. Repository files that were
 * not read are said once in the chat.
 */
export async function turnFrame(parts: TurnFrameParts): Promise<(settings: CairnSettings) => RequestFrame> {
	const { host, modes, ignore } = parts
	const { rules, skipped } = await loadWorkspaceRules(host.workspaceRoot, parts.mode(), {
		disabled: parts.settings().disabledInstructionFiles,
		contextFiles: parts.contextFiles,
		storageDir: host.storageDir,
	})
	const skills = await findSkills({
		workspaceRoot: host.workspaceRoot,
		storageDir: host.storageDir,
		disabled: parts.settings().disabledSkills,
		ignore,
	})
	const skillsSection = skillsPromptSection(skills.skills)
	parts.skippedFiles.report([...ignore.skipped, ...skipped, ...skills.skipped], (text) =>
		parts.transcript.say("error", { text }),
	)
	const governance = await governanceTurn(parts.governance)
	await parts.offered.refresh(
		modes.mode(parts.mode()),
		parts.browser,
		parts.settings().browserExecutablePath,
	)
	const mcpServers = parts.offered.mcpSection
	const withdrawn = new Set([
		...(governance.offersIntentTool ? [] : ["select_active_intent"]),
		...(skillsSection === undefined ? ["use_skill"] : []),
	])
	const tools = parts.offered.specs.filter((spec) => !withdrawn.has(spec.name))
	return (settings) => ({
		systemPrompt: buildSystemPrompt({
			workspaceRoot: host.workspaceRoot,
			mode: parts.mode(),
			modes,
			rules,
			customInstructions: settings.customInstructions,
			...(ignore.source && { ignoreRules: ignore.source }),
			...(governance.section && { governance: governance.section }),
			...(mcpServers && { mcpServers }),
			...(skillsSection && { skills: skillsSection }),
			language: personLanguage(host, settings),
		}),
		tools,
	})
}
