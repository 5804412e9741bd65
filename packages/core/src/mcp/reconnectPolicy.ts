/** When a server that was connected and stopped is tried again, and when Cairn gives up. */
export interface ReconnectPolicy {
	/** The first retry's delay; each next one doubles it. */
	baseDelayMs: number
	maxDelayMs: number
	/** Failed attempts in a row after which the server is left in error (Restart tries again). */
	maxAttempts: number
}

export const defaultReconnectPolicy: ReconnectPolicy = {
	baseDelayMs: 1_000,
	maxDelayMs: 60_000,
	maxAttempts: 8,
}

/** The delay before attempt `attempt` (1 for the first retry). */
export function reconnectDelay(policy: ReconnectPolicy, attempt: number): number {
	return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
}
