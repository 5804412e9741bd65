import { randomBytes } from "node:crypto"

/** A fresh, unguessable value per page, so only the scripts the host wrote can run. */
export function createNonce(): string {
	return randomBytes(18).toString("base64")
}
