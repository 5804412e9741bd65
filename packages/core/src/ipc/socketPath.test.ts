import { describe, expect, it } from "vitest"
import { platformSocketPath } from "./socketPath.js"

describe("platformSocketPath", () => {
	it("keeps a Unix socket path as it is", () => {
		expect(platformSocketPath("/run/user/1000/cairn.sock", "linux")).toBe("/run/user/1000/cairn.sock")
		expect(platformSocketPath("/tmp/cairn.sock", "darwin")).toBe("/tmp/cairn.sock")
	})

	it("puts a Windows name in the pipe namespace, unless it is there already", () => {
		expect(platformSocketPath("cairn", "win32")).toBe("\\\\.\\pipe\\cairn")
		expect(platformSocketPath("\\\\.\\pipe\\cairn-1", "win32")).toBe("\\\\.\\pipe\\cairn-1")
		expect(platformSocketPath("\\\\?\\pipe\\cairn-2", "win32")).toBe("\\\\?\\pipe\\cairn-2")
	})
})
