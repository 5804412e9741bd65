import { z } from "zod"
import { problemSchema } from "../message/problem.js"
import { modelInfoSchema } from "./provider.js"

/**
 * One model as its provider lists it: the id to put in the settings, a name to show, and what
 * the provider says about it (only the fields it said; the rest come from Cairn's catalog).
 */
export const listedModelSchema = z.object({
	id: z.string().min(1),
	/** The provider's display name, when it has one besides the id. */
	name: z.string().min(1).optional(),
	info: modelInfoSchema.partial(),
	/** Whether the provider says the model calls tools; Cairn needs them, so the picker says so. */
	supportsTools: z.boolean().optional(),
})
export type ListedModel = z.infer<typeof listedModelSchema>

/**
 * Why a connection test failed, so the person knows what to fix: the key (`auth`), the address
 * (`unreachable`: nothing answered; `not_found`: something answered but not this API), or the
 * model id (`model_missing`: the provider does not list it). `other` is anything else.
 */
export const connectionProblemSchema = z.enum(["auth", "unreachable", "not_found", "model_missing", "other"])
export type ConnectionProblem = z.infer<typeof connectionProblemSchema>

export const connectionTestSchema = z.object({
	ok: z.boolean(),
	/** Set when `ok` is false. */
	problem: connectionProblemSchema.optional(),
	/** One or two sentences for the person, naming the provider and address. */
	message: z.string(),
	/** A provider's failure as a kind and parameters, for the client to word; `message` is its English. */
	failure: problemSchema.optional(),
	/** How many models the provider listed, when it could list them. */
	modelCount: z.number().int().nonnegative().optional(),
})
export type ConnectionTest = z.infer<typeof connectionTestSchema>
