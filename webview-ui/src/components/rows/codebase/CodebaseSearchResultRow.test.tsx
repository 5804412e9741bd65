import type { ClineMessage, CodebaseSearchResult } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { showLanguage } from "../../../i18n/showLanguage"
import { posted } from "../../../test/setup"
import { MessageRow } from "../MessageRow"

function row(result: CodebaseSearchResult | string): ClineMessage {
	return {
		ts: 1_700_000_000_000,
		type: "say",
		say: "codebase_search_result",
		text: typeof result === "string" ? result : JSON.stringify(result),
	}
}

const found: CodebaseSearchResult = {
	query: "invoice discount",
	results: [
		{ path: "src/billing/invoice.ts", startLine: 12, endLine: 30, score: 0.8149 },
		{ path: "src/billing/tax.ts", startLine: 1, endLine: 9, score: 0.42 },
	],
}

describe("a codebase_search_result row", () => {
	it("lists each place with its lines and similarity, and opens the file at its first line", () => {
		render(<MessageRow message={row(found)} isLast={false} isFirst={false} isCurrentRequest={false} />)
		expect(screen.getByText("Found 2 places for “invoice discount”")).toBeDefined()
		expect(screen.getByText("lines 12–30")).toBeDefined()
		expect(screen.getByText("81%")).toBeDefined()
		fireEvent.click(screen.getByRole("button", { name: "src/billing/invoice.ts" }))
		expect(posted).toEqual([{ type: "openFile", path: "src/billing/invoice.ts", line: 12 }])
	})

	it("says when nothing was close enough, and names the folder searched", () => {
		render(
			<MessageRow
				message={row({ query: "zebra", path: "src/ui", results: [] })}
				isLast={false}
				isFirst={false}
				isCurrentRequest={false}
			/>,
		)
		expect(screen.getByText("Found 0 places for “zebra” in src/ui")).toBeDefined()
		expect(screen.getByText("Nothing in the index is close enough.")).toBeDefined()
	})

	it("shows a payload it cannot read as it came, not a blank row", () => {
		render(
			<MessageRow message={row("{not json")} isLast={false} isFirst={false} isCurrentRequest={false} />,
		)
		expect(screen.getByText(/\{not json/)).toBeDefined()
	})

	it("reads in the person's language", async () => {
		await showLanguage("de")
		render(<MessageRow message={row(found)} isLast={false} isFirst={false} isCurrentRequest={false} />)
		expect(screen.getByText("2 Stellen für „invoice discount“ gefunden")).toBeDefined()
		expect(screen.getByText("Zeilen 12–30")).toBeDefined()
		expect(screen.getByText("81 %")).toBeDefined()
	})
})
