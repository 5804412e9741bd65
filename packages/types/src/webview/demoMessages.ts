import { z } from "zod"
import { userTextSchema } from "./limits.js"

/** Client -> host messages of the demo (see settings/demoProfile.ts). */
export const demoMessageSchemas = [
	/**
	 * Start the demo: the scripted model on 127.0.0.1, the "Demo (offline)" profile made current,
	 * and the sample project opened (a fresh copy) unless the editor shows it already.
	 */
	z.object({ type: z.literal("startDemo") }),
	/** Start the demo's task (the script from its first step), with the prompt in the person's language. */
	z.object({ type: z.literal("startDemoTask"), text: userTextSchema.min(1) }),
	/** Remove the demo's profile and stop its model. */
	z.object({ type: z.literal("removeDemo") }),
] as const
