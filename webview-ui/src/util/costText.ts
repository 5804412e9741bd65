import type { TFunction } from "i18next"
import { formatCost } from "./format"

/**
 * Dollars spent, when `unpriced` requests had no known price: the cost never passes for complete,
 * nor shows $0.00 for requests nobody could price. The header and the history list say it alike.
 */
export function costText(cost: number, unpriced: number | undefined, t: TFunction<"chat">): string {
	if ((unpriced ?? 0) === 0) return formatCost(cost)
	return cost > 0 ? t("header.costAndUnknown", { cost: formatCost(cost) }) : t("header.priceUnknown")
}
