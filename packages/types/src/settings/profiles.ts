import { z } from "zod"
import { providerSettingsSchema, type ProviderSettings } from "./provider.js"

/** Enough for every model a person switches between; a runaway import is refused. */
export const maxProfiles = 50

export const profileIdSchema = z.string().min(1, "a profile id is required").max(100)
export const profileNameSchema = z
	.string()
	.trim()
	.min(1, "a profile needs a name")
	.max(100, "a profile name has at most 100 characters")

/**
 * A named provider configuration the person saves and switches between (from the chat box, per
 * mode, with the CLI's --profile). Its key is in secret storage under its id, never here.
 */
export const providerProfileSchema = z.object({
	id: profileIdSchema,
	name: profileNameSchema,
	provider: providerSettingsSchema,
})
export type ProviderProfile = z.infer<typeof providerProfileSchema>

/** Names are compared as a person reads them: "Work" and " work" are the same profile. */
export const sameProfileName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

export const profileListSchema = z
	.array(providerProfileSchema)
	.max(maxProfiles, `at most ${maxProfiles} profiles can be saved`)
	.superRefine((profiles, context) => {
		profiles.forEach((profile, index) => {
			const earlier = profiles.slice(0, index)
			if (earlier.some((other) => sameProfileName(other.name, profile.name)))
				context.addIssue({
					code: "custom",
					path: [index, "name"],
					message: `the profile name "${profile.name}" is used twice`,
				})
			if (earlier.some((other) => other.id === profile.id))
				context.addIssue({
					code: "custom",
					path: [index, "id"],
					message: `the profile id "${profile.id}" is used twice`,
				})
		})
	})

/** The profiles part of the settings, as SettingsStore keeps it consistent. */
export interface ProfileSettings {
	provider?: ProviderSettings | undefined
	profiles: ProviderProfile[]
	currentProfileId?: string | undefined
	modeProfiles: Record<string, string>
	modeProviders: Record<string, ProviderSettings>
}

/** `base`, or `base (2)`, `base (3)`... : the first that no profile is called yet. */
export function uniqueProfileName(base: string, profiles: readonly ProviderProfile[]): string {
	const taken = (name: string) => profiles.some((profile) => sameProfileName(profile.name, name))
	if (!taken(base)) return base
	for (let n = 2; ; n++) if (!taken(`${base} (${n})`)) return `${base} (${n})`
}

const sameProvider = (a: ProviderSettings, b: ProviderSettings) => JSON.stringify(a) === JSON.stringify(b)

/** What `withConsistentProfiles` changed that secret storage has to follow. */
export interface ProfileChanges {
	/** Profiles made from a plain `provider` (settings of before profiles, or a client that sets only it). */
	created: ProviderProfile[]
}

/**
 * The one rule for which provider is in effect: the current profile's. Settings of before
 * profiles (one `provider`, `modeProviders`) become profiles without losing anything; a plain
 * `provider` a client sets changes the current profile (the settings form edits what it shows);
 * references to deleted profiles are dropped; `provider` is the current profile's again.
 */
export function withConsistentProfiles<S extends ProfileSettings>(
	settings: S,
	newId: () => string,
): { settings: S; changes: ProfileChanges } {
	const created: ProviderProfile[] = []
	let profiles = [...settings.profiles]
	const add = (name: string, provider: ProviderSettings) => {
		const profile = { id: newId(), name: uniqueProfileName(name, profiles), provider }
		profiles = [...profiles, profile]
		created.push(profile)
		return profile
	}
	let currentId = profiles.some((profile) => profile.id === settings.currentProfileId)
		? settings.currentProfileId
		: profiles[0]?.id
	const provider = settings.provider
	if (provider !== undefined) {
		const current = profiles.find((profile) => profile.id === currentId)
		if (current === undefined) currentId = add(provider.modelId || "default", provider).id
		else if (!sameProvider(current.provider, provider))
			profiles = profiles.map((profile) =>
				profile.id === current.id ? { ...profile, provider } : profile,
			)
	}
	const modeProfiles = Object.fromEntries(
		Object.entries(settings.modeProfiles).filter(([, id]) =>
			profiles.some((profile) => profile.id === id),
		),
	)
	for (const [slug, remembered] of Object.entries(settings.modeProviders)) {
		const same = profiles.find((profile) => sameProvider(profile.provider, remembered))
		modeProfiles[slug] = (same ?? add(`${remembered.modelId} (${slug})`, remembered)).id
	}
	const current = profiles.find((profile) => profile.id === currentId)
	const { provider: _derived, currentProfileId: _current, ...rest } = settings
	return {
		settings: {
			...rest,
			profiles,
			modeProfiles,
			modeProviders: {},
			...(current && { currentProfileId: current.id, provider: current.provider }),
		} as S,
		changes: { created },
	}
}

/** The file Cairn exports profiles to (keys are never in it) and imports them from. */
export const profilesExportSchema = z.object({
	cairnProfiles: z.literal(1, "this is not a Cairn profiles export (cairnProfiles: 1 is missing)"),
	profiles: z
		.array(z.object({ name: profileNameSchema, provider: providerSettingsSchema }))
		.min(1, "the export holds no profiles")
		.max(maxProfiles, `at most ${maxProfiles} profiles can be imported`),
})
export type ProfilesExport = z.infer<typeof profilesExportSchema>

/**
 * The export of `profiles`: names and provider settings. Keys are never in it, nor extra HTTP
 * headers, which for a gateway often carry a token.
 */
export function exportProfiles(profiles: readonly ProviderProfile[]): string {
	const file: ProfilesExport = {
		cairnProfiles: 1,
		profiles: profiles.map(({ name, provider: { headers: _secretLike, ...provider } }) => ({
			name,
			provider,
		})),
	}
	return `${JSON.stringify(file, null, "\t")}\n`
}
