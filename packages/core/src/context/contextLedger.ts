/**
 * The tokens of the next request, as the provider will count them: what it reported for the
 * previous request, plus the local estimate of what was added since, scaled by how far the
 * local estimate was off last time. After the view changes (a condense, a truncation) the
 * previous report no longer describes a prefix of the request, and the scaled estimate stands
 * alone until the next report.
 */
export class ContextLedger {
	/** Reported / estimated tokens of the last request that reported usage. */
	private factor = 1
	private last: { estimate: number; reported: number; view: number } | undefined
	private sent: { estimate: number; view: number } | undefined
	private view = 0

	/** How many of the provider's tokens one locally counted token is worth. */
	get scale(): number {
		return this.factor
	}

	/** Tokens the provider would count for a request estimated locally at `estimate`. */
	expected(estimate: number): number {
		const last = this.last
		if (last !== undefined && last.view === this.view)
			return Math.max(0, Math.round(last.reported + (estimate - last.estimate) * this.factor))
		return Math.round(estimate * this.factor)
	}

	/** A request estimated at `estimate` is being sent. */
	sending(estimate: number): void {
		this.sent = { estimate, view: this.view }
	}

	/**
	 * A request is being sent without a local count (it was known to fit without one): its
	 * report cannot calibrate anything, and the last counted one stays the reference.
	 */
	sendingUncounted(): void {
		this.sent = undefined
	}

	/** The provider's count of the request just sent (input, cached or not). */
	reported(promptTokens: number): void {
		const sent = this.sent
		if (sent === undefined || promptTokens <= 0 || sent.estimate <= 0) return
		this.factor = clampScale(promptTokens / sent.estimate)
		this.last = { estimate: sent.estimate, reported: promptTokens, view: sent.view }
	}

	/** The request just sent did not fit; the provider may have said how many tokens it held. */
	overflowed(promptTokens: number | undefined, window: number): void {
		const sent = this.sent
		if (sent === undefined || sent.estimate <= 0) return
		// Without a count, it held at least the window: that is the least the scale can be.
		const atLeast = promptTokens ?? window + 1
		this.factor = Math.max(this.factor, clampScale(atLeast / sent.estimate))
		this.last = { estimate: sent.estimate, reported: atLeast, view: sent.view }
	}

	/** The model is sent a different history from now on. */
	viewChanged(): void {
		this.view++
	}
}

// A wildly different count means an image-heavy or unusual request; do not let one skew all.
const clampScale = (scale: number): number => Math.min(4, Math.max(0.5, scale))
