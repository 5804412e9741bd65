import { builtInModes, modeFor, type Mode } from "./modes.js"

/** Where a task finds its modes (the built-in ones and the person's and workspace's custom ones). */
export interface ModeLookup {
	/** The mode with this slug; an unknown one (a deleted custom mode, an old setting) falls back to Code. */
	mode(slug: string): Mode
	/** Every mode, in the order the person sees them. */
	all(): readonly Mode[]
}

/** Only the built-in modes (tests, and hosts without custom modes). */
export const builtInModeLookup: ModeLookup = { mode: modeFor, all: () => builtInModes }
