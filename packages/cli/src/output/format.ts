import { numberFormat, t } from "../i18n/cliI18n.js"

/** Dollars as people read them: cents, or four decimals for the fractions of a cent cheap requests cost. */
export function formatCost(cost: number): string {
	const digits = cost < 0.01 && cost > 0 ? 4 : 2
	return numberFormat({
		style: "currency",
		currency: "USD",
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
	}).format(cost)
}

/**
 * What requests cost when the prices of `unpriced` of them are unknown: never passed off as
 * complete, nor as $0.00 when nothing had a price.
 */
export function costText(cost: number, unpriced: number): string {
	if (unpriced === 0) return formatCost(cost)
	return cost > 0 ? t("run.costAndUnknown", { cost: formatCost(cost) }) : t("run.priceUnknown")
}

/** A token count: grouped digits, or thousands with one decimal ("96.4k") from 10,000 on. */
export function formatTokens(count: number): string {
	if (count < 10_000) return numberFormat().format(count)
	return `${numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(count / 1000)}k`
}

/** A duration as a person reads it: 42s, 3m07s, 2h05m. */
export function formatDuration(ms: number): string {
	const seconds = Math.max(0, Math.round(ms / 1000))
	if (seconds < 60) return `${seconds}s`
	const minutes = Math.floor(seconds / 60)
	if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, "0")}s`
	return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, "0")}m`
}
