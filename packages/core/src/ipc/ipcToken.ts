import { createHash, timingSafeEqual } from "node:crypto"
import { z } from "zod"

/**
 * The socket is only as private as its token: a guess must be hopeless. 32 characters is 128 bits
 * written in hex (`openssl rand -hex 16`).
 */
export const minTokenLength = 32

/** What a client must send as its first line; nothing else is read or sent before it. */
export const authenticationSchema = z.object({
	command: z.literal("authenticate"),
	token: z.string().max(1_000),
})

/** Why a token cannot protect the socket, or undefined when it can. */
export function weakTokenProblem(token: string): string | undefined {
	if (token.length < minTokenLength)
		return `the IPC token must be at least ${minTokenLength} characters (e.g. openssl rand -hex 16)`
	return undefined
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest()

/**
 * Compares in constant time. Both sides are hashed first, so their lengths are equal and the
 * comparison's time says nothing about the token's length either.
 */
export function sameToken(expected: string, given: string): boolean {
	return timingSafeEqual(digest(expected), digest(given))
}

/** Whether `line` is an authentication with `token`. */
export function authenticates(line: string, token: string): boolean {
	let value: unknown
	try {
		value = JSON.parse(line)
	} catch {
		return false
	}
	const parsed = authenticationSchema.safeParse(value)
	return parsed.success && sameToken(token, parsed.data.token)
}
