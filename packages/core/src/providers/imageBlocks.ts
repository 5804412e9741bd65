import type { ImageBlock } from "./apiMessage.js"

const dataUrl = /^data:(image\/[\w.+-]+);base64,(.*)$/s

/** Images arrive from clients as data URLs; the model wants the media type and base64 apart. */
export function imageBlock(image: string): ImageBlock | undefined {
	const match = dataUrl.exec(image)
	if (match === null || match[1] === undefined || match[2] === undefined) return undefined
	return { type: "image", mediaType: match[1], data: match[2] }
}

/** The images that are data URLs, as blocks; anything else is left out. */
export function imageBlocks(images: readonly string[]): ImageBlock[] {
	return images.map(imageBlock).filter((block) => block !== undefined)
}
