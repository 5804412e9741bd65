import { z } from "zod"

const count = z.number().int().nonnegative()
const tokens = z.number().nonnegative()

/**
 * What requests that reached a provider spent: the sum the task's ledger keeps, per model and in
 * all. It only grows: rewinding, editing, deleting and condensing change what the model is sent,
 * never what was paid for.
 */
export const spentSchema = z.object({
	/** Requests that reached the provider, cancelled, failed and retried ones included. */
	requests: count,
	tokensIn: tokens,
	tokensOut: tokens,
	cacheReads: tokens,
	cacheWrites: tokens,
	/** Output tokens the model spent reasoning (part of `tokensOut`), where the provider says so. */
	reasoningTokens: tokens,
	/** Dollars of the requests whose price is known. */
	cost: z.number().nonnegative(),
	/** Requests whose price nobody knew (no price in the catalog or the profile, none reported): `cost` lacks them. */
	unpriced: count,
	/** Requests whose tokens are an estimate: the provider reported none before the request ended. */
	estimated: count,
})
export type Spent = z.infer<typeof spentSchema>

export const noSpent: Spent = Object.freeze({
	requests: 0,
	tokensIn: 0,
	tokensOut: 0,
	cacheReads: 0,
	cacheWrites: 0,
	reasoningTokens: 0,
	cost: 0,
	unpriced: 0,
	estimated: 0,
})

export function addSpent(a: Spent, b: Spent): Spent {
	return {
		requests: a.requests + b.requests,
		tokensIn: a.tokensIn + b.tokensIn,
		tokensOut: a.tokensOut + b.tokensOut,
		cacheReads: a.cacheReads + b.cacheReads,
		cacheWrites: a.cacheWrites + b.cacheWrites,
		reasoningTokens: a.reasoningTokens + b.reasoningTokens,
		cost: a.cost + b.cost,
		unpriced: a.unpriced + b.unpriced,
		estimated: a.estimated + b.estimated,
	}
}

/** Field by field the larger: two reports of one growing sum, the later of which may be lost. */
export function laterSpent(a: Spent, b: Spent): Spent {
	const keys = Object.keys(noSpent) as (keyof Spent)[]
	return Object.fromEntries(keys.map((key) => [key, Math.max(a[key], b[key])])) as Spent
}

/** The price of some requests is unknown: a cost shown must say so rather than show $0.00 for them. */
export const priceUnknown = (spent: Pick<Spent, "unpriced">): boolean => spent.unpriced > 0
