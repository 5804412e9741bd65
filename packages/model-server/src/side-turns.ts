import { firstUserText, lastUserText, systemText } from "./request-text.js"
import type { SideTurn } from "./scenario.js"

/** The index of the first side turn whose conditions the request body meets, or undefined. */
export function findSideTurn(sideTurns: readonly SideTurn[], body: unknown): number | undefined {
	const index = sideTurns.findIndex(({ when }) => {
		if (when.systemIncludes !== undefined && !systemText(body).includes(when.systemIncludes)) return false
		if (when.lastUserIncludes !== undefined && !lastUserText(body).includes(when.lastUserIncludes))
			return false
		if (when.firstUserIncludes !== undefined && !firstUserText(body).includes(when.firstUserIncludes))
			return false
		return true
	})
	return index === -1 ? undefined : index
}
