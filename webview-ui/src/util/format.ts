/**
 * A formatter made at its first use: making one loads locale data (the two here took ~19 ms
 * of the webview's start, before it could show anything that needs neither).
 */
function onFirstUse<T>(make: () => T): () => T {
	let made: T | undefined
	return () => (made ??= make())
}

const compact = onFirstUse(
	() => new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 }),
)

/** 950, 12.3K, 1.2M: token counts at a glance. */
export function formatTokens(count: number): string {
	return compact().format(count)
}

/** Dollars with enough digits that a cheap request does not read as $0.00. */
export function formatCost(cost: number): string {
	if (cost === 0) return "$0.00"
	if (cost < 0.01) return `$${cost.toFixed(4)}`
	return `$${cost.toFixed(2)}`
}

const dateFormat = onFirstUse(
	() => new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }),
)

export function formatDate(ts: number): string {
	return dateFormat().format(new Date(ts))
}

export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
	return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** Whole seconds left, rounded up so a countdown shows 1 until it is really over. */
export function secondsLeft(untilMs: number, nowMs: number): number {
	return Math.max(0, Math.ceil((untilMs - nowMs) / 1000))
}
