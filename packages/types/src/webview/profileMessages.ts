import { z } from "zod"
import { profileIdSchema, profileNameSchema } from "../settings/profiles.js"

/** An export of every profile fits many times over; a runaway paste does not. */
export const maxProfilesImportLength = 200_000

/** Client -> host messages about provider profiles; every change reaches every client as `settingsUpdated`. */
export const profileMessageSchemas = [
	/**
	 * Make a profile the current one: the next task uses it, and the task on screen from its next
	 * request on.
	 */
	z.object({ type: z.literal("selectProfile"), profileId: profileIdSchema }),
	/** Save the current profile's fields (and its key) as a new profile, which becomes current. */
	z.object({ type: z.literal("createProfile"), name: profileNameSchema }),
	z.object({ type: z.literal("renameProfile"), profileId: profileIdSchema, name: profileNameSchema }),
	/** Delete a profile and its key; the last one cannot be deleted. */
	z.object({ type: z.literal("deleteProfile"), profileId: profileIdSchema }),
	/** Add the profiles of a Cairn profiles export (JSON); nothing is added unless all of it is valid. */
	z.object({
		type: z.literal("importProfiles"),
		text: z
			.string()
			.max(
				maxProfilesImportLength,
				`a profiles export is at most ${maxProfilesImportLength} characters`,
			),
	}),
	/** Save every profile (never their keys) as JSON through the host's save dialog. */
	z.object({ type: z.literal("exportProfiles") }),
] as const
