import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { WelcomeView } from "./WelcomeView"

describe("WelcomeView", () => {
	it("says it is waiting for the host until a version arrives", () => {
		render(<WelcomeView />)
		expect(screen.getByRole("heading", { name: "Cairn" })).toBeTruthy()
		expect(screen.getByRole("status").textContent).toBe("Connecting to the extension…")
		expect(screen.queryByTestId("version")).toBeNull()
	})

	it("shows the version the host reported", () => {
		render(<WelcomeView version="1.2.3" />)
		expect(screen.getByTestId("version").textContent).toBe("Version 1.2.3")
		expect(screen.queryByRole("status")).toBeNull()
	})

	it("shows the host's error", () => {
		render(<WelcomeView version="1.2.3" error="unknown message type" />)
		expect(screen.getByRole("alert").textContent).toBe("unknown message type")
	})

	it("offers no controls, since none of them would work yet", () => {
		render(<WelcomeView version="1.2.3" />)
		expect(screen.queryAllByRole("button")).toHaveLength(0)
		expect(screen.queryAllByRole("textbox")).toHaveLength(0)
	})
})
