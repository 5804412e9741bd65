import { randomUUID } from "node:crypto"
import {
	exportProfiles,
	profilesExportSchema,
	safeParseJson,
	sameProfileName,
	type ProviderProfile,
	type WebviewMessageOf,
} from "@cairn/types"
import { personUiLanguage } from "../i18n/personLanguage.js"
import type { Client, Handler, HandlerContext } from "./handlerContext.js"
import { textFor } from "./personText.js"

type ProfileMessageType =
	| "selectProfile"
	| "createProfile"
	| "renameProfile"
	| "deleteProfile"
	| "importProfiles"
	| "exportProfiles"

const refuse = (reply: Client, message: WebviewMessageOf<ProfileMessageType>, error: string) =>
	reply({ type: "error", code: "failed", error, inReplyTo: message.type })

const notFound = (
	context: HandlerContext,
	reply: Client,
	message: WebviewMessageOf<"selectProfile" | "renameProfile" | "deleteProfile">,
) =>
	reply({
		type: "error",
		code: "not_found",
		error: textFor(context)("profiles.noSuchProfile", { profileId: message.profileId }),
		inReplyTo: message.type,
	})

/** Every client sees the settings (and whether the current profile has its key) after a change. */
export async function broadcastSettings(context: HandlerContext): Promise<void> {
	const settings = context.settingsStore.settings
	context.broadcast({
		type: "settingsUpdated",
		settings,
		hasApiKey: await context.settingsStore.hasApiKey(),
		language: personUiLanguage(context.host, settings),
	})
}

/**
 * Makes a profile current: the next task uses it, and the task on screen from its next request
 * (which waits for the switch when it comes first). A model that cannot be used (no key) is
 * reported; the profile is current all the same, so the person can add its key.
 */
export async function selectProfile(context: HandlerContext, profile: ProviderProfile): Promise<void> {
	const switched = settled(context.switchCurrentTaskModel(profile))
	await context.settingsStore.setProfiles([...context.settingsStore.profiles], profile.id)
	await broadcastSettings(context)
	const failure = await switched
	if (failure !== undefined) throw failure
}

/** A rejection as a value: a switch awaited after other work must not count as unhandled meanwhile. */
const settled = (promise: Promise<void>): Promise<unknown> =>
	promise.then(
		() => undefined,
		(error: unknown) => error ?? new Error("The model could not be switched."),
	)

/**
 * After the current profile's fields or key changed: the task on screen goes on with them when
 * they can be used; while they cannot (a new provider whose key comes next) it keeps its model.
 */
export async function followCurrentProfile(context: HandlerContext): Promise<void> {
	const failure = await settled(context.switchCurrentTaskModel())
	if (failure !== undefined)
		context.host.logger.debug("The task keeps its model for now", { error: String(failure) })
}

/**
 * A mode that remembers a profile makes it current when the mode is picked, whoever picked it (the
 * person, switch_mode, a subtask in its own mode). The task's switch starts before this returns
 * its promise. Never rejects: a model that cannot be used yet is reported by the task's next request.
 */
export function followModeProfile(context: HandlerContext, mode: string): Promise<void> {
	const store = context.settingsStore
	const remembered = store.profiles.find((p) => p.id === store.settings.modeProfiles[mode])
	if (remembered === undefined || remembered.id === store.settings.currentProfileId)
		return Promise.resolve()
	return selectProfile(context, remembered).catch((error: unknown) =>
		context.host.logger.debug("The mode's profile cannot be used yet", { error: String(error) }),
	)
}

const nameTaken = (context: HandlerContext, name: string, except?: string) =>
	context.settingsStore.profiles.some((p) => p.id !== except && sameProfileName(p.name, name))

/** The provider-profile messages of the protocol. */
export const profileHandlers: { [T in ProfileMessageType]: Handler<T> } = {
	selectProfile: async (context, message, reply) => {
		const profile = context.settingsStore.profiles.find((p) => p.id === message.profileId)
		if (profile === undefined) return notFound(context, reply, message)
		await selectProfile(context, profile)
	},
	createProfile: async (context, message, reply) => {
		const store = context.settingsStore
		const source = store.currentProfile
		if (source === undefined)
			return refuse(reply, message, textFor(context)("profiles.configureProviderFirst"))
		if (nameTaken(context, message.name))
			return refuse(reply, message, textFor(context)("profiles.nameTaken", { name: message.name }))
		const created = { id: randomUUID(), name: message.name, provider: source.provider }
		await store.setProfiles([...store.profiles, created], created.id)
		await store.copyApiKeys(source.id, created.id)
		await broadcastSettings(context)
	},
	renameProfile: async (context, message, reply) => {
		const store = context.settingsStore
		if (!store.profiles.some((p) => p.id === message.profileId)) return notFound(context, reply, message)
		if (nameTaken(context, message.name, message.profileId))
			return refuse(reply, message, textFor(context)("profiles.nameTaken", { name: message.name }))
		const renamed = store.profiles.map((p) =>
			p.id === message.profileId ? { ...p, name: message.name } : p,
		)
		await store.setProfiles(renamed, store.settings.currentProfileId)
		await broadcastSettings(context)
	},
	deleteProfile: async (context, message, reply) => {
		const store = context.settingsStore
		if (!store.profiles.some((p) => p.id === message.profileId)) return notFound(context, reply, message)
		if (store.profiles.length === 1)
			return refuse(reply, message, textFor(context)("profiles.lastProfile"))
		const wasCurrent = store.settings.currentProfileId === message.profileId
		const rest = store.profiles.filter((p) => p.id !== message.profileId)
		// Modes that remembered it forget it (withConsistentProfiles drops references to deleted profiles).
		await store.setProfiles(rest, wasCurrent ? rest[0]?.id : store.settings.currentProfileId)
		await store.deleteApiKeys(message.profileId)
		await broadcastSettings(context)
		if (wasCurrent) await context.switchCurrentTaskModel()
	},
	importProfiles: async (context, message, reply) => {
		const parsed = safeParseJson(profilesExportSchema, message.text)
		const t = textFor(context)
		if (!parsed.success)
			return refuse(reply, message, t("profiles.cannotImport", { problem: parsed.error }))
		const store = context.settingsStore
		const taken = parsed.data.profiles.filter((p) => nameTaken(context, p.name)).map((p) => `"${p.name}"`)
		if (taken.length > 0)
			return refuse(reply, message, t("profiles.importNamesTaken", { names: t.list(taken) }))
		const imported = parsed.data.profiles.map((p) => ({ id: randomUUID(), ...p }))
		// setProfiles checks the whole list: names used twice in the file, or too many profiles.
		await store.setProfiles([...store.profiles, ...imported], store.settings.currentProfileId)
		await broadcastSettings(context)
	},
	exportProfiles: async (context, message, reply) => {
		if (context.host.saveExport === undefined)
			return refuse(reply, message, textFor(context)("host.cannotExport"))
		await context.host.saveExport("cairn-profiles.json", exportProfiles(context.settingsStore.profiles))
	},
}
