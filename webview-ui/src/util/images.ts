import { maxImageLength } from "@cairn/types"

const imageDataUri = /^data:image\/[a-z0-9.+-]+;base64,/i

function readAsDataUri(file: File): Promise<string> {
	return new Promise((resolve, reject) => {
		const reader = new FileReader()
		reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "")
		reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`))
		reader.readAsDataURL(file)
	})
}

/**
 * The image files among `files` as data URIs the host accepts (base64, within the size limit).
 * Anything else (a text file dropped by mistake, a 50 MB screenshot) is left out.
 */
export async function imagesFromFiles(files: Iterable<File>): Promise<string[]> {
	const images = [...files].filter((file) => file.type.startsWith("image/"))
	const uris = await Promise.all(images.map((file) => readAsDataUri(file).catch(() => "")))
	return uris.filter((uri) => imageDataUri.test(uri) && uri.length <= maxImageLength)
}
