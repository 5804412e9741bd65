import { z } from "zod"

// The settings file Roo Code writes with Settings > Export (`roo-code-settings.json`): its provider
// profiles (keys included, in the clear) and its global settings. Only the fields Cairn takes
// over are described; everything else in the file is ignored. Each profile is validated on its
// own later, so one odd profile does not refuse the whole file.

/** A settings export is a few hundred kilobytes at most; a runaway file is refused before parsing. */
export const maxRooExportBytes = 5_000_000

const text = z.string().max(100_000)
const commandList = z.array(z.string().max(1_000)).max(1_000)

export const rooExportSchema = z.object({
	providerProfiles: z.object({
		currentApiConfigName: z.string().optional(),
		/** By profile name; each value is checked by rooProfile.ts. */
		apiConfigs: z.record(z.string().max(200), z.unknown()),
		/** Mode slug -> profile id. */
		modeApiConfigs: z.record(z.string(), z.string()).optional(),
	}),
	globalSettings: z
		.object({
			customInstructions: text.optional(),
			autoApprovalEnabled: z.boolean().optional(),
			alwaysAllowReadOnly: z.boolean().optional(),
			alwaysAllowReadOnlyOutsideWorkspace: z.boolean().optional(),
			alwaysAllowWrite: z.boolean().optional(),
			alwaysAllowWriteOutsideWorkspace: z.boolean().optional(),
			alwaysAllowWriteProtected: z.boolean().optional(),
			alwaysAllowExecute: z.boolean().optional(),
			alwaysAllowMcp: z.boolean().optional(),
			alwaysAllowModeSwitch: z.boolean().optional(),
			alwaysAllowSubtasks: z.boolean().optional(),
			alwaysAllowFollowupQuestions: z.boolean().optional(),
			followupAutoApproveTimeoutMs: z.number().optional(),
			allowedMaxRequests: z.number().nullish(),
			allowedMaxCost: z.number().nullish(),
			allowedCommands: commandList.optional(),
			deniedCommands: commandList.optional(),
			/** Each mode is checked by rooMode.ts. */
			customModes: z.array(z.unknown()).max(200).optional(),
		})
		.optional(),
})
export type RooExport = z.infer<typeof rooExportSchema>
export type RooGlobalSettings = NonNullable<RooExport["globalSettings"]>
