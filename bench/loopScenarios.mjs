// The scripted conversations of bench/loop.mjs, shared with bench/request-bytes.mjs (which
// accounts for the bytes of the same task's requests).

/** A ~200-byte text file, different for each turn. */
function fileContent(i) {
	return `File ${i} of the loop benchmark.\n${"The quick brown fox jumps over the lazy dog.\n".repeat(4)}`
}

/** N turns that each write one small file (arguments streamed in 5 chunks), then attempt_completion. */
export function loopScenario(turns) {
	return [
		...Array.from({ length: turns }, (_, i) => ({
			toolCalls: [
				{ name: "write_to_file", arguments: { path: `files/f${i}.txt`, content: fileContent(i) } },
			],
			argumentChunks: 5,
		})),
		{ toolCalls: [{ name: "attempt_completion", arguments: { result: `Wrote ${turns} files.` } }] },
	]
}

/** K turns that each run `echo x` (asking for approval), then attempt_completion. */
export function approvalScenario(count) {
	return [
		...Array.from({ length: count }, () => ({
			toolCalls: [{ name: "execute_command", arguments: { command: "echo x" } }],
		})),
		{ toolCalls: [{ name: "attempt_completion", arguments: { result: "Ran them all." } }] },
	]
}

/** What the model server answers the agent's summary requests with in the long-task scenario. */
export const longTaskSummary =
	"The task is to write small files under files/, one per turn, named f0.txt, f1.txt, ... in order. " +
	"Every file so far was written and confirmed; continue with the next number."
