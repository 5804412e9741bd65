import { spawnSync } from "node:child_process"
import { firstUserText, modelAnswerCount, type SideTurn } from "@cairn/model-server"
import { complete, writeFile } from "./scenarios.js"

/** Runs git in `cwd` with an identity (for the test's own commits) and returns its output. */
export const git = (cwd: string, ...args: string[]): string => {
	const result = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd })
	if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString()}`)
	return result.stdout.toString().trim()
}

/** A repository with one commit, on `main`. */
export function initRepository(folder: string): void {
	git(folder, "init", "-q", "-b", "main")
	git(folder, "add", "-A")
	git(folder, "commit", "-qm", "first", "--allow-empty")
}

/** A task file's line: the prompt names the task, so the model knows which it answers. */
export const taskLine = (id: string, extra: Record<string, unknown> = {}): string =>
	JSON.stringify({ id, prompt: `Write the file of task ${id}.`, repository: ".", ...extra })

/**
 * The model for any number of tasks at once: whatever the order their requests arrive in, a task
 * first writes `<id>.txt` and then completes. The task is told by its first message.
 */
export const fleetModel: SideTurn[] = [
	{
		when: { firstUserIncludes: "Write the file of task " },
		turn: ({ request }) => {
			const id =
				/Write the file of task ([A-Za-z0-9_-]+)\./.exec(firstUserText(request.body))?.[1] ?? "none"
			return modelAnswerCount(request.body) === 0
				? writeFile(`${id}.txt`, `${id}\n`)
				: complete(`Wrote ${id}.txt`)
		},
	},
]

interface Gate {
	arrived: Promise<void>
	release(): void
}

/**
 * fleetModel, where the first request of each task named in `held` (its first attempt only) is
 * held until the test releases it: the test then knows that task's worker is mid-task, without
 * timing anything.
 */
export function heldFleetModel(held: readonly string[]): { sideTurns: SideTurn[]; gates: Map<string, Gate> } {
	const gates = new Map<string, Gate & { reached(): void; open: Promise<void> }>()
	for (const id of held) {
		let reached = () => {}
		let release = () => {}
		const arrived = new Promise<void>((resolve) => (reached = resolve))
		const open = new Promise<void>((resolve) => (release = resolve))
		gates.set(id, { arrived, release, reached, open })
	}
	const [plain] = fleetModel
	if (plain === undefined || typeof plain.turn !== "function")
		throw new Error("fleetModel has one turn function")
	const answer = plain.turn
	return {
		gates,
		sideTurns: [
			{
				when: plain.when,
				turn: async (context) => {
					const id =
						/Write the file of task ([A-Za-z0-9_-]+)\./.exec(
							firstUserText(context.request.body),
						)?.[1] ?? ""
					const gate = gates.get(id)
					if (gate !== undefined && modelAnswerCount(context.request.body) === 0) {
						gates.delete(id)
						gate.reached()
						await gate.open
					}
					return answer(context)
				},
			},
		],
	}
}
