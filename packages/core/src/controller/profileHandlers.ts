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
import type { Client, Controller } from "./Controller.js"
import type { Handler } from "./messageHandlers.js"

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
	reply: Client,
	message: WebviewMessageOf<"selectProfile" | "renameProfile" | "deleteProfile">,
) =>
	reply({
		type: "error",
		code: "not_found",
		error: `There is no profile with the id "${message.profileId}".`,
		inReplyTo: message.type,
	})

/** Every client sees the settings (and whether the current profile has its key) after a change. */
export async function broadcastSettings(controller: Controller): Promise<void> {
	const settings = controller.settingsStore.settings
	controller.broadcast({
		type: "settingsUpdated",
		settings,
		hasApiKey: await controller.settingsStore.hasApiKey(),
		language: personUiLanguage(controller.host, settings),
	})
}

/**
 * Makes a profile current: the next task uses it, and the task on screen from its next request
 * (which waits for the switch when it comes first). A model that cannot be used (no key) is
 * reported; the profile is current all the same, so the person can add its key.
 */
export async function selectProfile(controller: Controller, profile: ProviderProfile): Promise<void> {
	const switched = settled(controller.switchCurrentTaskModel(profile))
	await controller.settingsStore.setProfiles([...controller.settingsStore.profiles], profile.id)
	await broadcastSettings(controller)
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
export async function followCurrentProfile(controller: Controller): Promise<void> {
	const failure = await settled(controller.switchCurrentTaskModel())
	if (failure !== undefined)
		controller.host.logger.debug("The task keeps its model for now", { error: String(failure) })
}

/**
 * A mode that remembers a profile makes it current when the mode is picked, whoever picked it (the
 * person, switch_mode, a subtask in its own mode). The task's switch starts before this returns
 * its promise. Never rejects: a model that cannot be used yet is reported by the task's next request.
 */
export function followModeProfile(controller: Controller, mode: string): Promise<void> {
	const store = controller.settingsStore
	const remembered = store.profiles.find((p) => p.id === store.settings.modeProfiles[mode])
	if (remembered === undefined || remembered.id === store.settings.currentProfileId)
		return Promise.resolve()
	return selectProfile(controller, remembered).catch((error: unknown) =>
		controller.host.logger.debug("The mode's profile cannot be used yet", { error: String(error) }),
	)
}

const nameTaken = (controller: Controller, name: string, except?: string) =>
	controller.settingsStore.profiles.some((p) => p.id !== except && sameProfileName(p.name, name))

/** The provider-profile messages of the protocol. */
export const profileHandlers: { [T in ProfileMessageType]: Handler<T> } = {
	selectProfile: async (controller, message, reply) => {
		const profile = controller.settingsStore.profiles.find((p) => p.id === message.profileId)
		if (profile === undefined) return notFound(reply, message)
		await selectProfile(controller, profile)
	},
	createProfile: async (controller, message, reply) => {
		const store = controller.settingsStore
		const source = store.currentProfile
		if (source === undefined)
			return refuse(
				reply,
				message,
				"Configure a provider first: a new profile starts from the current one.",
			)
		if (nameTaken(controller, message.name))
			return refuse(reply, message, `A profile named "${message.name}" already exists.`)
		const created = { id: randomUUID(), name: message.name, provider: source.provider }
		await store.setProfiles([...store.profiles, created], created.id)
		await store.copyApiKeys(source.id, created.id)
		await broadcastSettings(controller)
	},
	renameProfile: async (controller, message, reply) => {
		const store = controller.settingsStore
		if (!store.profiles.some((p) => p.id === message.profileId)) return notFound(reply, message)
		if (nameTaken(controller, message.name, message.profileId))
			return refuse(reply, message, `A profile named "${message.name}" already exists.`)
		const renamed = store.profiles.map((p) =>
			p.id === message.profileId ? { ...p, name: message.name } : p,
		)
		await store.setProfiles(renamed, store.settings.currentProfileId)
		await broadcastSettings(controller)
	},
	deleteProfile: async (controller, message, reply) => {
		const store = controller.settingsStore
		if (!store.profiles.some((p) => p.id === message.profileId)) return notFound(reply, message)
		if (store.profiles.length === 1)
			return refuse(
				reply,
				message,
				"The last profile cannot be deleted: Cairn needs a model to talk to.",
			)
		const wasCurrent = store.settings.currentProfileId === message.profileId
		const rest = store.profiles.filter((p) => p.id !== message.profileId)
		// Modes that remembered it forget it (withConsistentProfiles drops references to deleted profiles).
		await store.setProfiles(rest, wasCurrent ? rest[0]?.id : store.settings.currentProfileId)
		await store.deleteApiKeys(message.profileId)
		await broadcastSettings(controller)
		if (wasCurrent) await controller.switchCurrentTaskModel()
	},
	importProfiles: async (controller, message, reply) => {
		const parsed = safeParseJson(profilesExportSchema, message.text)
		if (!parsed.success) return refuse(reply, message, `The profiles cannot be imported: ${parsed.error}`)
		const store = controller.settingsStore
		const taken = parsed.data.profiles
			.filter((p) => nameTaken(controller, p.name))
			.map((p) => `"${p.name}"`)
		if (taken.length > 0)
			return refuse(
				reply,
				message,
				`Nothing was imported: a profile named ${taken.join(", ")} already exists. Rename or delete it first.`,
			)
		const imported = parsed.data.profiles.map((p) => ({ id: randomUUID(), ...p }))
		// setProfiles checks the whole list: names used twice in the file, or too many profiles.
		await store.setProfiles([...store.profiles, ...imported], store.settings.currentProfileId)
		await broadcastSettings(controller)
	},
	exportProfiles: async (controller, message, reply) => {
		if (controller.host.saveExport === undefined)
			return refuse(reply, message, "This host cannot save files for export.")
		await controller.host.saveExport(
			"cairn-profiles.json",
			exportProfiles(controller.settingsStore.profiles),
		)
	},
}
