import {
	type AutoApprovalSettings,
	type CairnSettings,
	type CairnSettingsPatch,
	type CustomMode,
	type ImportLine,
	type ImportReport,
	type ModeView,
	type ProviderName,
	type ProviderProfile,
	safeParse,
	uniqueProfileName,
} from "@cairn/types"
import { maxRooExportBytes, rooExportSchema, type RooGlobalSettings } from "./rooExport.js"
import { rooMode } from "./rooMode.js"
import { rooProfile, rooProfileId } from "./rooProfile.js"
import { ImportFileError, parseImportJson, requireImportFile } from "./readImportFile.js"

/** What importing settings changes: the person's settings, secret storage (through it) and global modes. */
export interface SettingsImportTargets {
	settings: {
		readonly settings: CairnSettings
		readonly profiles: readonly ProviderProfile[]
		setProfiles(profiles: ProviderProfile[], currentProfileId: string | undefined): Promise<unknown>
		setApiKey(provider: ProviderName, key: string | undefined, profileId?: string): Promise<void>
		profileApiKey(profile: ProviderProfile): Promise<string | undefined>
		/** A trust-widening patch is fine: the person chose the file. */
		update(patch: CairnSettingsPatch): Promise<unknown>
	}
	modes: {
		snapshot(): { modes: ModeView[] }
		save(source: "global", mode: CustomMode): Promise<void>
	}
}

/** Roo's auto-approval switches and the Cairn switch each one is. */
const approvalSwitches = {
	autoApprovalEnabled: "enabled",
	alwaysAllowReadOnly: "readOnly",
	alwaysAllowReadOnlyOutsideWorkspace: "readOnlyOutsideWorkspace",
	alwaysAllowWrite: "write",
	alwaysAllowWriteOutsideWorkspace: "writeOutsideWorkspace",
	alwaysAllowWriteProtected: "writeProtected",
	alwaysAllowExecute: "execute",
	alwaysAllowMcp: "mcp",
	alwaysAllowModeSwitch: "alwaysAllowModeSwitch",
	alwaysAllowSubtasks: "alwaysAllowSubtasks",
	alwaysAllowFollowupQuestions: "followup",
} as const satisfies Partial<Record<keyof RooGlobalSettings, keyof AutoApprovalSettings>>

/** A profile imported from Roo keeps the same Cairn id on every import: importing again updates it. */
const importedProfileId = (rooId: string | undefined, name: string) =>
	`roo-${(rooId ?? name).replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 90)}`

/**
 * Imports a Roo Code settings export: its provider profiles (keys into secret storage), its
 * auto-approval switches, allowed and denied commands, custom instructions and custom modes
 * (into the person's global modes). Importing the same file again changes nothing and says so.
 * Throws ImportFileError when the file cannot be read or is not a Roo export at all.
 */
export async function importRooSettings(file: string, targets: SettingsImportTargets): Promise<ImportReport> {
	const raw = parseImportJson(file, await requireImportFile(file, maxRooExportBytes))
	const parsed = safeParse(rooExportSchema, raw)
	if (!parsed.success)
		throw new ImportFileError(`${file} is not a Roo Code settings export: ${parsed.error}`)
	const lines: ImportLine[] = []
	const imported = await importProfiles(parsed.data.providerProfiles, targets, lines)
	await importModeProfiles(parsed.data.providerProfiles.modeApiConfigs ?? {}, imported, targets, lines)
	const global = parsed.data.globalSettings ?? {}
	await importApprovals(global, targets, lines)
	await importInstructions(global, targets, lines)
	await importModes(global, targets, lines)
	return { source: "rooSettings", from: file, lines }
}

async function importProfiles(
	roo: { apiConfigs: Record<string, unknown>; currentApiConfigName?: string | undefined },
	{ settings }: SettingsImportTargets,
	lines: ImportLine[],
): Promise<Map<string, ProviderProfile>> {
	const imported = new Map<string, ProviderProfile>()
	let profiles = [...settings.profiles]
	const keys: { profile: ProviderProfile; key: string }[] = []
	let current = settings.settings.currentProfileId
	for (const [name, config] of Object.entries(roo.apiConfigs)) {
		const outcome = rooProfile(config)
		if (!outcome.ok) {
			lines.push({
				kind: "profile",
				name,
				skipped: outcome.skipped,
				...(outcome.detail && { detail: outcome.detail }),
			})
			continue
		}
		const id = importedProfileId(rooProfileId(config), name)
		const earlier = profiles.find((profile) => profile.id === id)
		const others = profiles.filter((profile) => profile.id !== id)
		const profile = {
			id,
			name: earlier?.name ?? uniqueProfileName(name, others),
			provider: outcome.provider,
		}
		const unchanged =
			earlier !== undefined && JSON.stringify(earlier.provider) === JSON.stringify(profile.provider)
		profiles =
			earlier === undefined ? [...profiles, profile] : profiles.map((p) => (p.id === id ? profile : p))
		lines.push({ kind: "profile", name, ...(unchanged && { skipped: "already_there" as const }) })
		if (outcome.key !== undefined) keys.push({ profile, key: outcome.key })
		const rooId = rooProfileId(config)
		if (rooId !== undefined) imported.set(rooId, profile)
		// A Cairn without a provider yet starts with the profile Roo was using.
		if (current === undefined && name === roo.currentApiConfigName) current = id
	}
	await settings.setProfiles(profiles, current ?? profiles[0]?.id)
	for (const { profile, key } of keys) {
		const same = (await settings.profileApiKey(profile)) === key
		if (!same) await settings.setApiKey(profile.provider.provider, key, profile.id)
		lines.push({ kind: "apiKey", name: profile.name, ...(same && { skipped: "already_there" as const }) })
	}
	return imported
}

/**
 * Roo's `modeApiConfigs` (the profile each mode uses, by Roo's profile id) as the profile each
 * mode remembers. A mode the person already gave a profile keeps theirs; a mode whose profile
 * was not imported is skipped, naming it.
 */
async function importModeProfiles(
	modeApiConfigs: Record<string, string>,
	imported: ReadonlyMap<string, ProviderProfile>,
	{ settings }: SettingsImportTargets,
	lines: ImportLine[],
): Promise<void> {
	const remembered = settings.settings.modeProfiles
	const added: Record<string, string> = {}
	for (const [slug, rooId] of Object.entries(modeApiConfigs)) {
		const profile = imported.get(rooId)
		if (profile === undefined) {
			lines.push({
				kind: "modeProfile",
				name: slug,
				skipped: "invalid",
				detail: `its profile ${rooId} was not imported`,
			})
			continue
		}
		const name = `${slug}: ${profile.name}`
		if (remembered[slug] !== undefined) {
			lines.push({ kind: "modeProfile", name, skipped: "already_there" })
			continue
		}
		added[slug] = profile.id
		lines.push({ kind: "modeProfile", name })
	}
	if (Object.keys(added).length > 0) await settings.update({ modeProfiles: { ...remembered, ...added } })
}

async function importApprovals(
	roo: RooGlobalSettings,
	{ settings }: SettingsImportTargets,
	lines: ImportLine[],
): Promise<void> {
	const now = settings.settings.autoApproval
	const patch: Partial<AutoApprovalSettings> = {}
	const note = <K extends keyof AutoApprovalSettings>(
		key: K,
		value: AutoApprovalSettings[K] | undefined,
	) => {
		if (value === undefined) return
		const same = now[key] === value
		if (!same) patch[key] = value
		lines.push({
			kind: "autoApproval",
			name: `${key}: ${String(value)}`,
			...(same && { skipped: "already_there" as const }),
		})
	}
	for (const [rooKey, key] of Object.entries(approvalSwitches))
		note(key, roo[rooKey as keyof typeof approvalSwitches])
	if (roo.followupAutoApproveTimeoutMs !== undefined)
		note("followupTimeoutMs", Math.max(1000, Math.round(roo.followupAutoApproveTimeoutMs)))
	if (typeof roo.allowedMaxRequests === "number" && roo.allowedMaxRequests >= 1)
		note("maxRequests", Math.floor(roo.allowedMaxRequests))
	if (typeof roo.allowedMaxCost === "number" && roo.allowedMaxCost > 0) note("maxCost", roo.allowedMaxCost)
	const allowed = newRules(roo.allowedCommands, settings.settings.allowedCommands, "allowedCommand", lines)
	const denied = newRules(roo.deniedCommands, settings.settings.deniedCommands, "deniedCommand", lines)
	const change: CairnSettingsPatch = {
		...(Object.keys(patch).length > 0 && { autoApproval: patch }),
		...(allowed.length > 0 && { allowedCommands: [...settings.settings.allowedCommands, ...allowed] }),
		...(denied.length > 0 && { deniedCommands: [...settings.settings.deniedCommands, ...denied] }),
	}
	if (Object.keys(change).length > 0) await settings.update(change)
}

/** The rules of `from` Cairn does not have yet, each reported. */
function newRules(
	from: readonly string[] | undefined,
	have: readonly string[],
	kind: "allowedCommand" | "deniedCommand",
	lines: ImportLine[],
): string[] {
	const added: string[] = []
	for (const rule of (from ?? []).map((r) => r.trim())) {
		if (rule === "") continue
		const there = have.includes(rule) || added.includes(rule)
		if (!there) added.push(rule)
		lines.push({ kind, name: rule, ...(there && { skipped: "already_there" as const }) })
	}
	return added
}

async function importInstructions(
	roo: RooGlobalSettings,
	{ settings }: SettingsImportTargets,
	lines: ImportLine[],
): Promise<void> {
	const text = roo.customInstructions?.trim()
	if (!text) return
	const have = settings.settings.customInstructions
	const name = text.split("\n")[0]?.slice(0, 80) ?? ""
	if (have.includes(text)) {
		lines.push({ kind: "customInstructions", name, skipped: "already_there" })
		return
	}
	await settings.update({ customInstructions: have.trim() === "" ? text : `${have.trimEnd()}\n\n${text}` })
	lines.push({ kind: "customInstructions", name })
}

async function importModes(
	roo: RooGlobalSettings,
	{ modes }: SettingsImportTargets,
	lines: ImportLine[],
): Promise<void> {
	for (const raw of roo.customModes ?? []) {
		const outcome = rooMode(raw)
		if (!outcome.ok) {
			lines.push({ kind: "mode", name: outcome.slug, skipped: "invalid", detail: outcome.detail })
			continue
		}
		const mode = outcome.mode
		const there = modes.snapshot().modes.find((m) => m.source === "global" && m.slug === mode.slug)
		if (there !== undefined && sameMode(there, mode)) {
			lines.push({ kind: "mode", name: mode.slug, skipped: "already_there" })
			continue
		}
		await modes.save("global", mode)
		lines.push({ kind: "mode", name: mode.slug })
	}
}

const sameMode = (view: ModeView, mode: CustomMode) =>
	view.name === mode.name &&
	view.roleDefinition === mode.roleDefinition &&
	view.whenToUse === mode.whenToUse &&
	view.customInstructions === mode.customInstructions &&
	JSON.stringify(view.groups) === JSON.stringify(mode.groups)
