import type { ListedModel } from "@cairn/types"
import { defaultModelInfo } from "../modelCatalog.js"
import { getListing, isRecord, listingEntries, tokens } from "./listingRequest.js"
import type { ListingTarget } from "./listingRequest.js"

/** At most this many `/api/show` questions at once: a local server loads each model's metadata. */
const concurrentShows = 4

/**
 * The model's context length, as `/api/show` gives it: `<architecture>.context_length` in
 * `model_info`. Cairn asks Ollama for a context of its own size (num_ctx), so a model with more is
 * used with that much; only a model with less lowers it.
 */
export function ollamaContextWindow(shown: unknown): number | undefined {
	const modelInfo = isRecord(shown) && isRecord(shown.model_info) ? shown.model_info : {}
	const architecture = modelInfo["general.architecture"]
	const own =
		typeof architecture === "string" ? tokens(modelInfo[`${architecture}.context_length`]) : undefined
	return own === undefined ? undefined : Math.min(own, defaultModelInfo.ollama.contextWindow)
}

function fromShow(id: string, shown: unknown): ListedModel {
	const contextWindow = ollamaContextWindow(shown)
	const capabilities = isRecord(shown) && Array.isArray(shown.capabilities) ? shown.capabilities : undefined
	return {
		id,
		info: {
			inputPrice: 0,
			outputPrice: 0,
			...(contextWindow !== undefined && { contextWindow }),
			...(capabilities && {
				supportsImages: capabilities.includes("vision"),
				supportsReasoning: capabilities.includes("thinking"),
			}),
		},
		...(capabilities && { supportsTools: capabilities.includes("tools") }),
	}
}

/** `GET /api/tags` for the names, then `POST /api/show` for each one's context length and capabilities. */
export async function listOllama(target: ListingTarget): Promise<ListedModel[]> {
	const url = `${target.baseUrl}/api/tags`
	const ids = listingEntries(await getListing(url, target), "models", url, target).flatMap((entry) => {
		const id = entry.model ?? entry.name
		return typeof id === "string" && id !== "" ? [id] : []
	})
	const listed: ListedModel[] = []
	for (let start = 0; start < ids.length; start += concurrentShows) {
		const batch = ids.slice(start, start + concurrentShows)
		const shown = await Promise.all(
			batch.map((id) =>
				getListing(`${target.baseUrl}/api/show`, target, {
					method: "POST",
					body: JSON.stringify({ model: id }),
					// A model whose metadata cannot be read is still listed, with what Cairn knows of it.
				}).catch(() => undefined),
			),
		)
		batch.forEach((id, index) => listed.push(fromShow(id, shown[index])))
	}
	return listed
}
