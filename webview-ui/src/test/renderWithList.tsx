import { render, type RenderResult } from "@testing-library/react"
import type { ReactElement } from "react"
import { VirtuosoMockContext } from "react-virtuoso"

/**
 * jsdom lays nothing out: every element measures 0 px, cannot scroll, and a virtual list would
 * show no rows. react-virtuoso's own test context tells it the sizes a browser would have
 * measured; the list's scroller is given the viewport height and a scrollTo (and scrollBy, which
 * the list uses to keep its place when rows are prepended) that move scrollTop and fire
 * "scroll", as a browser's do. Nothing of Cairn or the library is replaced.
 */
function emulateScrollerLayout(viewportHeight: number): void {
	const isScroller = (element: HTMLElement) => element.dataset.virtuosoScroller === "true"
	Object.defineProperty(HTMLElement.prototype, "offsetHeight", {
		configurable: true,
		get(this: HTMLElement) {
			return isScroller(this) ? viewportHeight : 0
		},
	})
	Object.defineProperty(HTMLElement.prototype, "scrollHeight", {
		configurable: true,
		get(this: HTMLElement) {
			const list = this.querySelector<HTMLElement>("[data-testid=virtuoso-item-list]")
			if (!isScroller(this) || list === null) return 0
			return (
				list.offsetTop +
				Number.parseFloat(list.style.paddingTop || "0") +
				Number.parseFloat(list.style.paddingBottom || "0") +
				list.children.length * 50
			)
		},
	})
	HTMLElement.prototype.scrollTo = function scrollTo(
		this: HTMLElement,
		options?: ScrollToOptions | number,
	) {
		const top = typeof options === "object" ? options.top : undefined
		if (top === undefined) return
		this.scrollTop = top
		this.dispatchEvent(new Event("scroll"))
	}
	HTMLElement.prototype.scrollBy = function scrollBy(
		this: HTMLElement,
		options?: ScrollToOptions | number,
	) {
		const top = typeof options === "object" ? options.top : undefined
		if (top === undefined) return
		this.scrollTo({ top: this.scrollTop + top })
	}
}

export function renderWithList(ui: ReactElement, viewportHeight = 1000, itemHeight = 50): RenderResult {
	emulateScrollerLayout(viewportHeight)
	return render(ui, {
		wrapper: ({ children }) => (
			<VirtuosoMockContext.Provider value={{ viewportHeight, itemHeight }}>
				{children}
			</VirtuosoMockContext.Provider>
		),
	})
}
