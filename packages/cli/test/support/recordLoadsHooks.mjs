// The loader hooks of recordLoads.mjs (they run on the loader's own thread).
import { appendFileSync } from "node:fs"

export async function load(url, context, nextLoad) {
	const loaded = await nextLoad(url, context)
	if (url.startsWith("file:") && process.env.CAIRN_RECORD_LOADS)
		appendFileSync(process.env.CAIRN_RECORD_LOADS, `${url}\n`)
	return loaded
}
