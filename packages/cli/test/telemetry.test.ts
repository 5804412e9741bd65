import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { OtlpReceiver } from "@cairn/core/test-support/otlpReceiver"
import { afterEach, describe, expect, it } from "vitest"
import { runCli, withWorld } from "./support/cliProcess.js"
import { complete, writeFile } from "./support/scenarios.js"

// `cairn --otel-endpoint`: a real run exports its trace and metrics to a collector on 127.0.0.1
// before it exits, and a collector that never answers does not keep it from exiting.

const runKey = "test-key-0123456789" // the --api-key the world's provider flags pass

let receiver: OtlpReceiver | undefined
afterEach(async () => {
	await receiver?.close()
	receiver = undefined
})

describe("cairn --otel-endpoint", () => {
	it("exports the run's trace and token metrics before exiting, without the key", () =>
		withWorld(
			{ scenario: [writeFile("hello.txt", "hi\n"), complete("Wrote hello.txt.")] },
			async (world) => {
				receiver = await OtlpReceiver.start()
				const run = await runCli(world, [
					...world.providerArgs,
					"-y",
					"--no-tui",
					"--otel-endpoint",
					receiver.url,
					"--otel-content",
					`write a greeting; the key ${runKey} stays here`,
				])
				expect(run.code).toBe(0)
				const task = receiver.spans.find((span) => span.name === "cairn.task")
				const requests = receiver.spans.filter((span) => span.parentSpanId === task?.spanId)
				expect(requests).toHaveLength(2)
				const tools = receiver.spans.filter((span) =>
					requests.some((r) => r.spanId === span.parentSpanId),
				)
				expect(tools.map((span) => span.name)).toEqual([
					"execute_tool write_to_file",
					"execute_tool attempt_completion",
				])
				const input = receiver
					.metric("cairn.tokens")
					.filter((point) => point.attributes["gen_ai.token.type"] === "input")
				expect(input.reduce((sum, point) => sum + point.value, 0)).toBe(
					requests.reduce(
						(sum, span) => sum + Number(span.attributes["gen_ai.usage.input_tokens"]),
						0,
					),
				)
				const sent = receiver.bodies.join("\n")
				expect(sent).toContain("the key [redacted] stays here")
				expect(sent).not.toContain(runKey)
			},
		))

	it("exports a run that ends waiting for the person: its approval asked, its run aborted", () =>
		withWorld({ scenario: [writeFile("hello.txt", "hi\n"), complete("Done.")] }, async (world) => {
			receiver = await OtlpReceiver.start()
			const run = await runCli(world, [
				...world.providerArgs,
				"--no-tui",
				"--otel-endpoint",
				receiver.url,
				"write a greeting",
			])
			expect(run.code).toBe(3)
			const task = receiver.spans.find((span) => span.name === "cairn.task")
			expect(task?.attributes["cairn.task.outcome"]).toBe("aborted")
			const write = receiver.spans.find((span) => span.name === "execute_tool write_to_file")
			expect(write?.events.map((event) => event.name)).toEqual(["approval.asked"])
			expect(write?.attributes["cairn.tool.outcome"]).toBe("cancelled")
		}))

	it("exits with the task's code when the collector never answers", () =>
		withWorld({ scenario: [complete("Done.")] }, async (world) => {
			// Accepts connections and never responds: the export gives up after its timeout.
			const silent = createServer(() => undefined)
			await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
			try {
				const { port } = silent.address() as AddressInfo
				const run = await runCli(world, [
					...world.providerArgs,
					"--no-tui",
					"--otel-endpoint",
					`http://127.0.0.1:${port}`,
					"finish",
				])
				expect(run.code).toBe(0)
				// The export's timeout and the exit's wait for it are both 3 s: its failure may be
				// told before the exit or not, and nothing else may be.
				const otherLines = run.stderr
					.split("\n")
					.filter((line) => line !== "" && !line.includes("OpenTelemetry export failed"))
				expect(otherLines).toEqual([])
			} finally {
				silent.closeAllConnections()
				await new Promise<void>((resolve) => silent.close(() => resolve()))
			}
		}))

	it("refuses an endpoint that is not an http(s) URL, and --otel-content alone", async () => {
		const bad = await runCli(undefined, ["--otel-endpoint", "grpc://collector:4317", "hi"])
		expect(bad.code).toBe(2)
		expect(bad.stderr).toContain("--otel-endpoint")
		const alone = await runCli(undefined, ["--otel-content", "hi"])
		expect(alone.code).toBe(2)
		expect(alone.stderr).toContain("--otel-endpoint")
	})
})
