import { z } from "zod"
import { followEditorLanguage } from "../i18n/language.js"
import { instructionFileKindSchema } from "./instructionFiles.js"
import { skillNameSchema } from "../skills/skill.js"
import {
	budgetLimitSchema,
	budgetProfileSwitchSchema,
	budgetSettingsSchema,
	type BudgetScope,
	type BudgetSettings,
} from "./budgets.js"
import { codebaseIndexSettingsSchema, embeddingSettingsSchema } from "./codebaseIndex.js"
import { profileIdSchema, profileListSchema } from "./profiles.js"
import { providerSettingsSchema } from "./provider.js"
import { telemetrySettingsSchema } from "./telemetry.js"
import { userHooksSchema } from "./userHooks.js"

/** What the agent may do without asking. Each switch only matters while `enabled` is on. */
export const autoApprovalSettingsSchema = z.object({
	enabled: z.boolean().default(false),
	readOnly: z.boolean().default(false),
	readOnlyOutsideWorkspace: z.boolean().default(false),
	write: z.boolean().default(false),
	writeOutsideWorkspace: z.boolean().default(false),
	writeProtected: z.boolean().default(false),
	execute: z.boolean().default(false),
	mcp: z.boolean().default(false),
	/** browser_action opens a browser without asking (each action after the launch never asks). */
	browser: z.boolean().default(false),
	followup: z.boolean().default(false),
	/** The agent switches the task's mode (switch_mode) without asking. */
	alwaysAllowModeSwitch: z.boolean().default(false),
	/** The agent starts subtasks (new_task) without asking. */
	alwaysAllowSubtasks: z.boolean().default(false),
	/** How long a follow-up question waits before its first suggestion is taken. */
	followupTimeoutMs: z.number().int().min(1000).default(60_000),
	/** Auto-approved requests per task before a person must confirm; unset means no limit. */
	maxRequests: z.number().int().positive().optional(),
	/**
	 * Dollars spent since the task started or this limit was last confirmed before auto-approval
	 * asks a person again; unset means no limit. Counted by the task's budget (core budgets/).
	 */
	maxCost: z.number().positive().optional(),
})
export type AutoApprovalSettings = z.infer<typeof autoApprovalSettingsSchema>

const budgetLimitPatchSchema = z
	.object({
		maxCost: budgetLimitSchema.shape.maxCost.nullable(),
		maxTokens: budgetLimitSchema.shape.maxTokens.nullable(),
	})
	.partial()
	.strict()

/** Command prefixes, e.g. "git log" or "npm test". "*" in allowed means any command. */
const commandPrefixList = z.array(z.string().trim().min(1)).default([])

/** Every setting Cairn keeps outside secret storage. Defaults make `{}` a valid configuration. */
export const cairnSettingsSchema = z.object({
	/** The provider in effect: always the current profile's (see withConsistentProfiles). */
	provider: providerSettingsSchema.optional(),
	/** Named provider configurations; each one's key is in secret storage under its id. */
	profiles: profileListSchema.default([]),
	currentProfileId: profileIdSchema.optional(),
	mode: z.string().min(1).default("code"),
	autoApproval: autoApprovalSettingsSchema.prefault({}),
	/** Spending limits: at 80% the chat says so, at 100% the task asks before its next request. */
	budgets: budgetSettingsSchema.prefault({}),
	allowedCommands: commandPrefixList,
	deniedCommands: commandPrefixList,
	/** Seconds before a command is killed; 0 waits forever. */
	commandTimeoutSec: z.number().int().nonnegative().default(0),
	/**
	 * Commands no person approved run in the OS sandbox (Linux, bubblewrap); where it is
	 * unavailable they ask. Trust-widening when off: kept in Cairn's own storage only.
	 */
	commandSandbox: z.boolean().default(true),
	/** Sandboxed commands may use the network. Trust-widening: Cairn's own storage only. */
	commandSandboxNetwork: z.boolean().default(false),
	/**
	 * More files and folders sandboxed commands cannot see, besides Cairn's storage and the
	 * credential stores hidden by default: absolute or `~/`-relative paths. Hiding only narrows, so
	 * a workspace may add to the person's list.
	 */
	commandSandboxHiddenPaths: z
		.array(
			z
				.string()
				.trim()
				.regex(/^(~$|~\/|\/)/, "an absolute path or one starting with ~/"),
		)
		.default([]),
	/**
	 * Environment variables commands inherit besides the harmless defaults (PATH, HOME, LANG,
	 * TERM...): names, or prefixes ending in `*` (`AWS_*`). Outside the sandbox, a listed name is
	 * kept even when it looks like a credential. Trust-widening: the person's own settings only.
	 */
	commandEnvironment: z
		.array(
			z
				.string()
				.trim()
				.regex(/^[A-Za-z_][A-Za-z0-9_]*\*?$/, "a variable name or a prefix ending in *"),
		)
		.default([]),
	/**
	 * The Chromium that browser_action drives; unset: /usr/bin/chromium. Trust-widening (it runs
	 * that program): Cairn's own storage only.
	 */
	browserExecutablePath: z.string().min(1).optional(),
	/** The browser's viewport, "WIDTHxHEIGHT" in pixels: what the model's screenshots show. */
	browserViewportSize: z
		.string()
		.regex(/^[1-9]\d{1,3}x[1-9]\d{1,3}$/)
		.default("900x600"),
	consecutiveMistakeLimit: z.number().int().positive().default(3),
	/** Retries of a failed model request (429, 5xx, network) before asking the person. */
	requestRetries: z.number().int().nonnegative().max(20).default(5),
	/**
	 * Milliseconds a model request may go without producing anything (no answer at all, or no
	 * new chunk mid-answer) before it counts as a network failure and is retried.
	 */
	requestIdleTimeoutMs: z.number().int().positive().default(120_000),
	/**
	 * Condense the conversation (one summarization request) when the next request would pass
	 * `autoCondenseContextPercent` of the usable window; off, only the sliding window keeps it in.
	 */
	autoCondenseContext: z.boolean().default(true),
	/** Percent of the usable window (the context window minus the output reserve). */
	autoCondenseContextPercent: z.number().int().min(10).max(100).default(75),
	/** The model that writes the summaries (a cheaper one, say); unset means the task's own model. */
	condensingProvider: providerSettingsSchema.optional(),
	/**
	 * Save the workspace's files in a shadow repository (never the workspace's own .git) at task
	 * start and before each turn that can change files, so every change can be undone.
	 */
	enableCheckpoints: z.boolean().default(true),
	/** Files larger than this many megabytes are not kept in checkpoints (nor touched by a restore). */
	checkpointFileSizeLimitMB: z.number().positive().max(1024).default(5),
	/** Tasks whose loops work at once in this process; a task started beyond it waits in line (`queued`). */
	maxConcurrentTasks: z.number().int().min(1).max(16).default(4),
	/**
	 * Where tasks' git worktrees are made (an absolute folder, never inside the repository);
	 * empty: in Cairn's own storage.
	 */
	worktreesFolder: z
		.string()
		.max(4096)
		.refine((folder) => folder === "" || folder.startsWith("/") || /^[A-Za-z]:[\\/]/.test(folder), {
			message: "the worktrees folder must be an absolute path",
		})
		.default(""),
	customInstructions: z.string().default(""),
	/** Other tools' instruction files (Roo, Cline, Claude Code, Cursor, Copilot...) not read into the prompt. */
	disabledInstructionFiles: z.array(instructionFileKindSchema).default([]),
	/** Agent Skills (by name) the person turned off: not listed to the model, not loaded. */
	disabledSkills: z.array(skillNameSchema).max(1000).default([]),
	/**
	 * The profile each mode remembers, by mode slug: picking the mode in the chat makes it the
	 * current profile (set from the chat box's "Remember this model for <mode>").
	 */
	modeProfiles: z.record(z.string(), profileIdSchema).default({}),
	/**
	 * What modes remembered before profiles (a provider per slug). Read and accepted for old
	 * clients only: it becomes `modeProfiles` and is empty again after every change.
	 */
	modeProviders: z.record(z.string(), providerSettingsSchema).default({}),
	/**
	 * The language Cairn speaks, a BCP 47 tag ("ja", "pt-BR"); "auto" follows the editor's display
	 * language (the terminal's locale in the CLI). See resolveUiLanguage.
	 */
	language: z.string().default(followEditorLanguage),
	/** User tool hooks for every workspace; a workspace adds its own in `.cairn/hooks.json`. */
	hooks: userHooksSchema.prefault({}),
	/** Semantic search over the workspace (the codebase_search tool). */
	codebaseIndex: codebaseIndexSettingsSchema.prefault({}),
	/** OpenTelemetry export of traces and metrics (off by default). */
	telemetry: telemetrySettingsSchema.prefault({}),
})
export type CairnSettings = z.infer<typeof cairnSettingsSchema>

type WithoutDefault<T> =
	T extends z.ZodDefault<infer Inner> ? Inner : T extends z.ZodPrefault<infer Inner> ? Inner : T

/**
 * The same fields, all optional and without defaults. zod's `.partial()` keeps defaults, which
 * would turn a one-field patch into a reset of every other field.
 */
function patchShape<Shape extends z.ZodRawShape>(
	shape: Shape,
): { [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> } {
	const entries = Object.entries(shape).map(([key, field]) => {
		const inner = field instanceof z.ZodDefault || field instanceof z.ZodPrefault ? field.unwrap() : field
		return [key, (inner as z.ZodType).optional()]
	})
	return Object.fromEntries(entries) as { [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> }
}

/**
 * A change to settings as a client sends it: any subset of fields. `autoApproval` may itself be
 * partial so a toggle does not have to resend its siblings. Unknown fields are an error, so a
 * typo is reported instead of silently ignored.
 */
export const cairnSettingsPatchSchema = z
	.object({
		// Profiles change through their own messages, which keep their keys with them.
		...patchShape(
			cairnSettingsSchema.omit({
				autoApproval: true,
				profiles: true,
				currentProfileId: true,
				codebaseIndex: true,
				telemetry: true,
				budgets: true,
			}).shape,
		),
		autoApproval: z.object(patchShape(autoApprovalSettingsSchema.shape)).strict().optional(),
		/** Like autoApproval: turning the export on keeps the endpoint. */
		telemetry: z.object(patchShape(telemetrySettingsSchema.shape)).strict().optional(),
		/** One budget at a time: a patch names the limits it changes; `null` removes a limit. */
		budgets: z
			.object({
				task: budgetLimitPatchSchema.optional(),
				run: budgetLimitPatchSchema.optional(),
				day: budgetLimitPatchSchema.optional(),
				switchProfile: budgetProfileSwitchSchema.nullable().optional(),
			})
			.strict()
			.optional(),
		/** Like autoApproval, field by field; `embedding: null` forgets the embedding model. */
		codebaseIndex: z
			.object({
				...patchShape(codebaseIndexSettingsSchema.shape),
				embedding: embeddingSettingsSchema.nullable().optional(),
			})
			.strict()
			.optional(),
		/** `null` goes back to summarizing with the task's own model; `undefined` leaves it as it is. */
		condensingProvider: providerSettingsSchema.nullable().optional(),
	})
	.strict()
export type CairnSettingsPatch = z.infer<typeof cairnSettingsPatchSchema>

export function defaultSettings(): CairnSettings {
	return cairnSettingsSchema.parse({})
}

/**
 * The settings after a patch; `undefined` in a patch leaves a field as it was, `null` (where the
 * patch allows it) removes an optional field.
 */
export function applySettingsPatch(settings: CairnSettings, patch: CairnSettingsPatch): CairnSettings {
	const { autoApproval, codebaseIndex, telemetry, budgets, ...rest } = patch
	const next = {
		...settings,
		...definedFields(rest),
		autoApproval: { ...settings.autoApproval, ...definedFields(autoApproval ?? {}) },
		telemetry: { ...settings.telemetry, ...definedFields(telemetry ?? {}) },
		codebaseIndex: withoutNulls({ ...settings.codebaseIndex, ...definedFields(codebaseIndex ?? {}) }),
		budgets: patchedBudgets(settings.budgets, budgets),
	}
	return withoutNulls(next)
}

function patchedBudgets(budgets: BudgetSettings, patch: CairnSettingsPatch["budgets"]): BudgetSettings {
	const limit = (scope: BudgetScope) =>
		withoutNulls({ ...budgets[scope], ...definedFields(patch?.[scope] ?? {}) })
	const switchProfile = patch?.switchProfile === undefined ? budgets.switchProfile : patch.switchProfile
	return {
		task: limit("task"),
		run: limit("run"),
		day: limit("day"),
		...(switchProfile !== null && switchProfile !== undefined && { switchProfile }),
	}
}

function definedFields<T extends object>(patch: T): Partial<T> {
	return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>
}

/** `null` in a patch removes the optional field it names. */
function withoutNulls<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], null> } {
	return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null)) as {
		[K in keyof T]: Exclude<T[K], null>
	}
}
