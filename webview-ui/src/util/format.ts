import { i18n } from "../i18n/i18n"

// Numbers, sizes, costs and dates in the language the webview shows (its digits, separators and
// units); a component re-renders on a language change, so each call reads the current one.
// Making a formatter resolves locale data, so each one is made once per language and kept:
// every row of a transcript formats its tokens and cost.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
	kind: string,
	options: object,
	make: (language: string) => F,
): F {
	const key = `${i18n.language}|${kind}|${JSON.stringify(options)}`
	let made = formatters.get(key) as F | undefined
	if (made === undefined) {
		made = make(i18n.language)
		formatters.set(key, made)
	}
	return made
}

const numbers = (options: Intl.NumberFormatOptions) =>
	formatter("number", options, (language) => new Intl.NumberFormat(language, options))

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
	const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }
	return formatter("date", options, (language) => new Intl.DateTimeFormat(language, options)).format(
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
