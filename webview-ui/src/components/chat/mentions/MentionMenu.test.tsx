import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useWebviewStore } from "../../../state/store"
import { fromHost, loadTask } from "../../../test/fixtures"
import { renderWithList } from "../../../test/renderWithList"
import { posted } from "../../../test/setup"
import { ChatView } from "../ChatView"

const box = () => screen.getByRole("textbox", { name: "Message to Cairn" }) as HTMLTextAreaElement
const type = (text: string) => fireEvent.change(box(), { target: { value: text } })
const key = (name: string) => fireEvent.keyDown(box(), { key: name })
const menu = () => screen.queryByRole("listbox", { name: "Mentions" })
const menuOptions = () => {
	const list = menu()
	return list === null ? [] : within(list).queryAllByRole("option")
}
const options = () => menuOptions().map((o) => o.textContent)
const lastSearch = () => posted.filter((m) => m.type === "searchFiles").at(-1)

function answerSearch(
	results: { path: string; type: "file" | "folder" }[],
	commits: { hash: string; subject: string }[] = [],
) {
	const request = lastSearch()
	if (request?.type !== "searchFiles") throw new Error("no search was sent")
	fromHost({ type: "fileSearchResults", requestId: request.requestId, results, commits })
}

describe("the @ menu", () => {
	it("opens on @, searches the workspace, and Enter picks a file into the text", () => {
		loadTask([])
		renderWithList(<ChatView />)
		type("explain @")
		expect(screen.getByRole("listbox", { name: "Mentions" })).toBeTruthy()
		expect(lastSearch()).toMatchObject({ type: "searchFiles", query: "" })
		answerSearch(
			[
				{ path: "src", type: "folder" },
				{ path: "src/a.ts", type: "file" },
			],
			[{ hash: "1a2b3c4", subject: "Fix the parser" }],
		)
		expect(options()).toEqual([
			"Problemserrors and warnings in the workspace",
			"Terminalrecent output of the active terminal",
			"Git changesuncommitted changes (status and diff)",
			"src/src",
			"a.tssrc/a.ts",
			"1a2b3c4Fix the parser",
			"Paste a URL@https://… fetches the page",
		])
		type("explain @a.t")
		expect(lastSearch()).toMatchObject({ query: "a.t" })
		answerSearch([{ path: "src/a.ts", type: "file" }])
		expect(options()).toEqual(["a.tssrc/a.ts"])
		expect(box().getAttribute("aria-activedescendant")).toBe("mention-menu-file_src_a_ts")
		key("Enter")
		expect(box().value).toBe("explain @/src/a.ts ")
		expect(menu()).toBeNull()
		// The menu closed: Enter now sends, the mention as typed.
		key("Enter")
		expect(posted.at(-1)).toEqual({ type: "newTask", text: "explain @/src/a.ts" })
	})

	it("moves with the arrows, picks with Tab or a click, and closes with Escape", () => {
		loadTask([])
		renderWithList(<ChatView />)
		type("@")
		answerSearch([{ path: "docs", type: "folder" }])
		key("ArrowDown")
		key("ArrowDown")
		expect(menuOptions()[2]?.getAttribute("aria-selected")).toBe("true")
		key("ArrowUp")
		key("Tab")
		expect(box().value).toBe("@terminal ")

		type("@terminal and @do")
		answerSearch([{ path: "docs", type: "folder" }])
		fireEvent.mouseDown(within(menu()!).getByRole("option", { name: /docs/ }))
		expect(box().value).toBe("@terminal and @/docs/ ")

		type("@terminal and @/docs/ then @pro")
		expect(options()[0]).toMatch(/^Problems/)
		key("Escape")
		expect(menu()).toBeNull()
		expect(box().value).toBe("@terminal and @/docs/ then @pro")
	})

	it("starts each new query at its best match, and closes when the box loses the focus", () => {
		loadTask([])
		renderWithList(<ChatView />)
		type("@")
		key("ArrowDown")
		key("ArrowDown")
		type("@a")
		answerSearch([
			{ path: "a.ts", type: "file" },
			{ path: "b/a.ts", type: "file" },
		])
		expect(menuOptions()[0]?.getAttribute("aria-selected")).toBe("true")
		fireEvent.blur(box())
		expect(menu()).toBeNull()
	})

	it("offers to fetch a typed URL and searches nothing for it", () => {
		loadTask([])
		renderWithList(<ChatView />)
		type("@http")
		expect(options()).toEqual(["Paste a URL@https://… fetches the page"])
		const searches = posted.filter((m) => m.type === "searchFiles").length
		type("@https://example.com/notes")
		key("Enter")
		expect(box().value).toBe("@https://example.com/notes ")
		expect(posted.filter((m) => m.type === "searchFiles")).toHaveLength(searches)
	})

	it("keeps the newest search's answer when an older one arrives late", () => {
		loadTask([])
		renderWithList(<ChatView />)
		type("@a")
		type("@ab")
		const newest = lastSearch()
		if (newest?.type !== "searchFiles") throw new Error("no search")
		fromHost({
			type: "fileSearchResults",
			requestId: newest.requestId,
			results: [{ path: "ab.ts", type: "file" }],
			commits: [],
		})
		fromHost({
			type: "fileSearchResults",
			requestId: newest.requestId - 1,
			results: [{ path: "a.ts", type: "file" }],
			commits: [],
		})
		expect(options()).toEqual(["ab.tsab.ts"])
	})

	it("turns files dropped from the explorer into mentions", () => {
		loadTask([])
		useWebviewStore.setState({ cwd: "/home/me/project" })
		renderWithList(<ChatView />)
		type("compare")
		const uris =
			"file:///home/me/project/src/a.ts\r\nfile:///home/me/project/my%20notes.md\r\nfile:///etc/passwd"
		fireEvent.drop(box(), {
			dataTransfer: { files: [], getData: (type: string) => (type === "text/uri-list" ? uris : "") },
		})
		expect(box().value).toBe("compare @/src/a.ts @/my\\ notes.md ")

		fireEvent.drop(box(), {
			dataTransfer: {
				files: [],
				getData: (type: string) =>
					type === "application/vnd.code.uri-list"
						? "vscode-remote://localhost:8080/home/me/project/docs"
						: "",
			},
		})
		expect(box().value).toBe("compare @/src/a.ts @/my\\ notes.md @/docs ")
	})
})
