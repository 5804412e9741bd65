import type { BackgroundCommandRow } from "@cairn/types"
import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ask, say } from "../../test/fixtures"
import { posted } from "../../test/setup"
import { MessageRow } from "./MessageRow"

const row = (payload: Partial<BackgroundCommandRow>) =>
	say(
		"background_command",
		JSON.stringify({ id: "cmd_1", command: "npm run dev", state: "running", output: "", ...payload }),
	)
const renderRow = (message: ReturnType<typeof row>) =>
	render(<MessageRow message={message} isFirst={false} isLast={false} isCurrentRequest={false} />)

describe("a background command's row", () => {
	it("shows the command and its newest output while it runs, with a Stop that names it to the host", () => {
		renderRow(row({ output: "ready on http://localhost:5173\n" }))
		expect(screen.getByText("Running in the background")).toBeTruthy()
		expect(screen.getByText("npm run dev")).toBeTruthy()
		expect(screen.getByText(/ready on http:\/\/localhost:5173/)).toBeTruthy()
		expect(posted).toEqual([])
		fireEvent.click(screen.getByRole("button", { name: "Stop this command and everything it started" }))
		expect(posted).toEqual([{ type: "stopBackgroundCommand", id: "cmd_1" }])
	})

	it("once ended, has no Stop and says how it ended and who stopped it", () => {
		renderRow(row({ state: "ended", exit: { signal: "SIGTERM", stopped: true }, stoppedBy: "person" }))
		expect(screen.getByText("Ran in the background")).toBeTruthy()
		expect(screen.queryByRole("button", { name: /Stop this command/ })).toBeNull()
		expect(screen.getByText("stopped")).toBeTruthy()
		expect(screen.getByText("You stopped it.")).toBeTruthy()
	})

	it("tells the person on the approval that the command will run on in the background", () => {
		render(
			<MessageRow
				message={ask("command", JSON.stringify({ command: "npm run dev", background: true }))}
				isFirst={false}
				isLast
				isCurrentRequest={false}
			/>,
		)
		expect(screen.getByText(/runs on in the background while the task goes on/)).toBeTruthy()
	})
})
