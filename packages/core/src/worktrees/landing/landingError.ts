/**
 * Landing refused, or git stopped part way, and the message says why in a sentence for the
 * person (already in their language). Nothing of theirs was changed unless the sentence says so.
 */
export class LandingError extends Error {
	constructor(message: string) {
		super(message)
		this.name = "LandingError"
	}
}
