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

/**
 * Why the agent may not name `slug` (switch_mode, new_task), or undefined when it may: it names
 * a mode there is now, custom ones included.
 */
export function unknownModeError(modes: ModeLookup, slug: string): string | undefined {
	const slugs = modes.all().map((mode) => mode.slug)
	return slugs.includes(slug)
		? undefined
		: `There is no mode "${slug}". The modes are: ${slugs.join(", ")}.`
}
