import { i18n } from "../i18n/i18n"

// Numbers, sizes, costs and dates in the language the webview shows (its digits, separators and
// units); a component re-renders on a language change, so each call reads the current one.
const numbers = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(i18n.language, options)

/** 950, 12.3K, 1.2M: token counts at a glance. */
export function formatTokens(count: number): string {
	return numbers({ notation: "compact", maximumFractionDigits: 1 }).format(count)
}

/** Dollars with enough digits that a cheap request does not read as $0.00. */
export function formatCost(cost: number): string {
	const digits = cost > 0 && cost < 0.01 ? 4 : 2
	return numbers({
		style: "currency",
		currency: "USD",
		currencyDisplay: "narrowSymbol",
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
	}).format(cost)
}

export function formatDate(ts: number): string {
	return new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
		new Date(ts),
	)
}

export function formatBytes(bytes: number): string {
	if (bytes < 1024) return numbers({ style: "unit", unit: "byte", unitDisplay: "narrow" }).format(bytes)
	const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "kilobyte"] : [bytes / 1024 / 1024, "megabyte"]
	return numbers({ style: "unit", unit, minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)
}

/** A plain count (characters, lines) with the language's grouping. */
export function formatCount(count: number): string {
	return numbers({}).format(count)
}

/** Whole seconds left, rounded up so a countdown shows 1 until it is really over. */
export function secondsLeft(untilMs: number, nowMs: number): number {
	return Math.max(0, Math.ceil((untilMs - nowMs) / 1000))
}
