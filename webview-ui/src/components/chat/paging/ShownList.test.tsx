import { render } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ShownList } from "./ShownList"

describe("ShownList", () => {
	it("shows the rows the list placed, without waiting for it to confirm their sizes", () => {
		const { getByTestId } = render(
			<ShownList data-testid="virtuoso-item-list" style={{ paddingTop: 120, visibility: "hidden" }}>
				<div>The last row</div>
			</ShownList>,
		)
		const list = getByTestId("virtuoso-item-list")
		expect(list.style.visibility).toBe("")
		// What places the rows is kept.
		expect(list.style.paddingTop).toBe("120px")
		expect(list.textContent).toBe("The last row")
	})
})
