import type { ModeView } from "@cairn/types"
import type { TFunction } from "i18next"

// Cairn's own modes (packages/core's modes.ts): their names are words of the UI, so the webview
// shows them in its language; a mode from a modes file keeps the name its author gave it.
const builtIns = ["code", "architect", "ask", "debug", "orchestrator"] as const

/** The mode's name as the person reads it. */
export function modeName(mode: Pick<ModeView, "slug" | "name" | "source">, t: TFunction<"common">): string {
	return mode.source === "builtin" && (builtIns as readonly string[]).includes(mode.slug)
		? t(`builtInModes.${mode.slug as (typeof builtIns)[number]}`)
		: mode.name
}
