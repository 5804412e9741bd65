import { z } from "zod"
import { connectionTestSchema, listedModelSchema } from "../settings/modelList.js"
import { providerNameSchema, providerSettingsSchema } from "../settings/provider.js"

const requestIdSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)

/**
 * The provider settings to ask with: the settings view's (which may have no model yet). Absent:
 * the current profile's. The key is always the one saved for that profile and provider: keys go
 * from the client to the host, never back.
 */
const askedSettingsSchema = providerSettingsSchema.partial({ modelId: true })

/** Client -> host: list a provider's models, test a connection. Each answer carries the `requestId`. */
export const modelRequestSchemas = [
	/** The provider's models with what it says of them; the host answers with `models`. */
	z.object({
		type: z.literal("requestModels"),
		requestId: requestIdSchema,
		provider: askedSettingsSchema.optional(),
	}),
	/** Whether key, address and model id are right; the host answers with `connectionTested`. */
	z.object({
		type: z.literal("testConnection"),
		requestId: requestIdSchema,
		provider: askedSettingsSchema.optional(),
	}),
] as const

/** Host -> client: the answers. */
export const modelAnswerSchemas = [
	/** The listed models (sorted by id), or `error`, a sentence saying why there are none. */
	z.object({
		type: z.literal("models"),
		requestId: z.number(),
		/** Absent when no provider was chosen. */
		provider: providerNameSchema.optional(),
		models: z.array(listedModelSchema),
		error: z.string().optional(),
	}),
	z.object({ type: z.literal("connectionTested"), requestId: z.number(), result: connectionTestSchema }),
] as const
