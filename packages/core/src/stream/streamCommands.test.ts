import { describe, expect, it } from "vitest"
import { parseStreamCommand, streamCommandNames } from "./streamCommands.js"

describe("stream commands", () => {
	it("parses each command", () => {
		expect(streamCommandNames).toEqual([
			"start",
			"message",
			"condense",
			"cancel",
			"ping",
			"shutdown",
			"pressPrimaryButton",
			"pressSecondaryButton",
			"getConfiguration",
			"setConfiguration",
			"startInWorktree",
			"listTasks",
			"taskDiff",
			"landTask",
			"discardTask",
		])
		expect(parseStreamCommand('{"command":"start","requestId":"1","prompt":"go","taskId":"t"}')).toEqual({
			success: true,
			data: { command: "start", requestId: "1", prompt: "go", taskId: "t" },
		})
		expect(parseStreamCommand('{"command":"condense","requestId":"c"}')).toEqual({
			success: true,
			data: { command: "condense", requestId: "c" },
		})
		expect(parseStreamCommand('{"command":"ping","requestId":"2","extra":true}')).toEqual({
			success: true,
			data: { command: "ping", requestId: "2" },
		})
		expect(
			parseStreamCommand(
				'{"command":"setConfiguration","requestId":"3","configuration":{"mode":"ask","apiKey":"k"}}',
			),
		).toEqual({
			success: true,
			data: {
				command: "setConfiguration",
				requestId: "3",
				configuration: { mode: "ask", apiKey: "k" },
			},
		})
	})

	it.each([
		["not JSON", "start please", /invalid JSON/, undefined],
		["no command", '{"requestId":"r"}', /command/, "r"],
		["an unknown command", '{"command":"launch","requestId":"r2"}', /command/, "r2"],
		["a start without a prompt", '{"command":"start","requestId":"r3"}', /prompt/, "r3"],
		["an empty requestId", '{"command":"ping","requestId":""}', /requestId/, ""],
		["an array", "[1,2]", /expected object|Invalid input/i, undefined],
		[
			"a configuration with a misspelt setting",
			'{"command":"setConfiguration","requestId":"r4","configuration":{"mdoe":"ask"}}',
			/configuration: Unrecognized key: "mdoe"/,
			"r4",
		],
		[
			"a configuration with a bad value",
			'{"command":"setConfiguration","requestId":"r5","configuration":{"commandTimeoutSec":-1}}',
			/configuration.commandTimeoutSec/,
			"r5",
		],
	])("refuses %s with a readable error", (_name, line, error, requestId) => {
		const parsed = parseStreamCommand(line)
		expect(parsed.success).toBe(false)
		if (parsed.success) return
		expect(parsed.error).toMatch(error)
		expect(parsed.requestId).toBe(requestId)
	})
})
