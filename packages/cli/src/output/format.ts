/** Dollars as people read them: cents, or four decimals for the fractions of a cent cheap requests cost. */
export function formatCost(cost: number): string {
	return `$${cost < 0.01 && cost > 0 ? cost.toFixed(4) : cost.toFixed(2)}`
}

export function formatTokens(count: number): string {
	return count >= 10_000 ? `${(count / 1000).toFixed(1)}k` : count.toLocaleString("en-US")
}
