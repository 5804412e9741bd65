// Reads a webview's rendered text and finds text too wide for its control, in the page itself.
// The two functions passed to evaluate() run in the webview page, where these exist.
/* global document, getComputedStyle, NodeFilter */

/** Runs in the page: the controls and labels whose text does not fit, each described in a line. */
function findOverflows() {
	const controls = document.querySelectorAll(
		'button, label, legend, h1, h2, h3, select, [role="tab"], .mode-badge, .mcp-status, .chip',
	)
	const describe = (el) => {
		const name = el.getAttribute("aria-label") ?? el.textContent ?? ""
		return `<${el.tagName.toLowerCase()}> "${name.replace(/\s+/g, " ").trim().slice(0, 80)}"`
	}
	const found = []
	for (const el of controls) {
		const box = el.getBoundingClientRect()
		if (box.width === 0 || box.height === 0) continue
		const style = getComputedStyle(el)
		if (style.visibility === "hidden") continue
		// A block or inline-block box whose content is wider than the box: clipped or spilling.
		if (style.display !== "inline" && el.scrollWidth > el.clientWidth + 1)
			found.push(`${describe(el)}: content ${el.scrollWidth}px wide in a ${el.clientWidth}px box`)
		// The box itself reaching past its parent's, e.g. a button pushed out of a narrow row.
		const parent = el.parentElement
		if (parent === null) continue
		const outer = parent.getBoundingClientRect()
		if (box.right > outer.right + 1 || box.left < outer.left - 1)
			found.push(
				`${describe(el)}: spans ${Math.round(box.left)}-${Math.round(box.right)}px, its parent ${Math.round(outer.left)}-${Math.round(outer.right)}px`,
			)
	}
	return found
}

/** Runs in the page: every piece of text a person reads or hears, one entry each. */
function readTexts() {
	const texts = []
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
	for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
		const text = node.textContent?.trim()
		if (text) texts.push(text)
	}
	for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]"))
		for (const attribute of ["aria-label", "title", "placeholder"]) {
			const value = el.getAttribute(attribute)?.trim()
			if (value) texts.push(value)
		}
	return texts
}

/** Text in the webview `frame` (a frame locator) that overflows its control. */
export function overflowsIn(frame) {
	return frame.locator("body").evaluate(findOverflows)
}

/** The texts the webview `frame` shows. */
export function textsIn(frame) {
	return frame.locator("body").evaluate(readTexts)
}
