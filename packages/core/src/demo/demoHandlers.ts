import { demoProfile, isDemoProfile, type WebviewMessageOf } from "@cairn/types"
import type { Client, Handler, HandlerContext } from "../controller/handlerContext.js"
import { textFor } from "../controller/personText.js"
import { broadcastSettings, selectProfile } from "../controller/profileHandlers.js"
import { startPersonTask } from "../controller/slashCommandHandlers.js"
import { switchMode } from "../controller/modeHandlers.js"
import type { DemoHost } from "./demoHost.js"

type DemoMessageType = "startDemo" | "startDemoTask" | "removeDemo"

/** The mode the demo's script is written for: it plans, then delegates the fix to a subtask in Code mode. */
export const demoMode = "orchestrator"

const unavailable = (context: HandlerContext, reply: Client, message: WebviewMessageOf<DemoMessageType>) =>
	reply({
		type: "error",
		code: "failed",
		error: textFor(context)("demo.unavailable"),
		inReplyTo: message.type,
	})

const keptDemoProfile = (context: HandlerContext) => context.settingsStore.profiles.find(isDemoProfile)

/** The profiles with the demo's (for the model at `baseUrl`) in place of any kept from before, or added last. */
function withDemoProfile(context: HandlerContext, baseUrl: string) {
	const profile = demoProfile(baseUrl)
	const profiles = context.settingsStore.profiles
	const list = profiles.some(isDemoProfile)
		? profiles.map((kept) => (isDemoProfile(kept) ? profile : kept))
		: [...profiles, profile]
	return { profile, list }
}

/**
 * When the host starts: a demo profile kept from before talks to a scripted model started now
 * (on a new port). Without a kept demo profile nothing starts.
 */
export async function resumeDemo(context: HandlerContext): Promise<void> {
	const demo = context.host.demo
	const kept = keptDemoProfile(context)
	if (demo === undefined || kept === undefined) return
	const baseUrl = await demo.startModel()
	if (kept.provider.baseUrl === baseUrl) return
	const store = context.settingsStore
	await store.setProfiles(withDemoProfile(context, baseUrl).list, store.settings.currentProfileId)
	await broadcastSettings(context)
}

/** Starts the demo: its model, its profile made current, and the sample project (unless on screen). */
export async function startDemo(context: HandlerContext, demo: DemoHost): Promise<void> {
	const baseUrl = await demo.startModel()
	const { profile, list } = withDemoProfile(context, baseUrl)
	await context.settingsStore.setProfiles(list, context.settingsStore.settings.currentProfileId)
	await selectProfile(context, profile)
	if (!demo.inSampleProject()) await demo.openSampleProject()
}

/**
 * Removes the demo's profile and stops its model. The profile that was current before stays
 * current; when the demo's was, the first other one is; with none left the welcome view shows.
 */
export async function removeDemo(context: HandlerContext, demo: DemoHost | undefined): Promise<void> {
	const store = context.settingsStore
	const wasCurrent = isDemoProfile(store.currentProfile)
	const rest = store.profiles.filter((profile) => !isDemoProfile(profile))
	if (rest.length !== store.profiles.length) {
		await store.setProfiles(rest, wasCurrent ? rest[0]?.id : store.settings.currentProfileId)
		await broadcastSettings(context)
		if (wasCurrent) await context.switchCurrentTaskModel()
	}
	await demo?.stopModel()
}

/** The demo's messages of the protocol. */
export const demoHandlers: { [T in DemoMessageType]: Handler<T> } = {
	startDemo: async (context, message, reply) => {
		const demo = context.host.demo
		if (demo === undefined) return unavailable(context, reply, message)
		await startDemo(context, demo)
	},
	startDemoTask: async (context, message, reply) => {
		const demo = context.host.demo
		const kept = keptDemoProfile(context)
		if (demo === undefined || kept === undefined) return unavailable(context, reply, message)
		demo.restartScript()
		if (!isDemoProfile(context.settingsStore.currentProfile)) await selectProfile(context, kept)
		await switchMode(context, demoMode, reply)
		await startPersonTask(context, message.text, [], reply)
	},
	removeDemo: async (context) => {
		await removeDemo(context, context.host.demo)
	},
}
