import { customModeInput, type CustomMode } from "@cairn/types"
import YAML from "yaml"

/** Long roles and instructions stay on their lines instead of being folded at 80 columns. */
const toStringOptions = { lineWidth: 0 }

/** A modes file holding `modes` (an export, or a file the UI creates). */
export function modesFileText(modes: readonly CustomMode[]): string {
	return YAML.stringify({ customModes: modes.map(customModeInput) }, toStringOptions)
}

/** A file's document and its customModes list (created when the file has none). Bad text throws. */
function modesList(text: string): { document: YAML.Document; list: YAML.YAMLSeq } {
	const document = YAML.parseDocument(text)
	const error = document.errors[0]
	if (error !== undefined)
		throw new Error(`the file is not valid YAML; fix it first (${error.message.split("\n")[0]})`)
	if (document.contents === null) document.contents = document.createNode({}) as YAML.ParsedNode
	if (!YAML.isMap(document.contents)) throw new Error("the file is not a mapping with a customModes list")
	let list = document.get("customModes")
	if (list === undefined || list === null) {
		list = document.createNode([])
		document.set("customModes", list)
	}
	if (!YAML.isSeq(list)) throw new Error("customModes in the file is not a list")
	return { document, list }
}

function indexOf(list: YAML.YAMLSeq, slug: string): number {
	return list.items.findIndex((item) => YAML.isMap(item) && item.get("slug") === slug)
}

/**
 * The file's text with `mode` in place of the mode `replacing` (its own slug unless renamed), or
 * added at the end; the other modes, comments and layout are kept. Throws when the text is not a
 * modes file, or when a rename would take the slug of another mode.
 */
export function withMode(text: string | undefined, mode: CustomMode, replacing: string = mode.slug): string {
	if (text === undefined || text.trim() === "") return modesFileText([mode])
	const { document, list } = modesList(text)
	const index = indexOf(list, replacing)
	if (replacing !== mode.slug && indexOf(list, mode.slug) !== -1)
		throw new Error(`there is already a mode "${mode.slug}" in the file`)
	const node = document.createNode(customModeInput(mode))
	if (index === -1) list.items.push(node)
	else list.items[index] = node
	return document.toString(toStringOptions)
}

/** The file's text without the mode `slug`; throws when the file has no such mode. */
export function withoutMode(text: string | undefined, slug: string): string {
	if (text === undefined) throw new Error(`there is no mode "${slug}" in the file`)
	const { document, list } = modesList(text)
	const index = indexOf(list, slug)
	if (index === -1) throw new Error(`there is no mode "${slug}" in the file`)
	list.items.splice(index, 1)
	return document.toString(toStringOptions)
}
