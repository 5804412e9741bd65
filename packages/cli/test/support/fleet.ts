import { spawnSync } from "node:child_process"
import { conversationTurn, firstUserText, modelAnswerCount, type SideTurn } from "@cairn/model-server"
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

/** The first message of task `id`: how the model tells the tasks apart. */
const promptOf = (id: string) => `Write the file of task ${id}.`

/** A task file's line: the prompt names the task, so the model knows which it answers. */
export const taskLine = (id: string, extra: Record<string, unknown> = {}): string =>
	JSON.stringify({ id, prompt: promptOf(id), repository: ".", ...extra })

/**
 * The model for tasks `ids` running at once: whatever order their requests arrive in, each task
 * first writes `<id>.txt`, then completes. The first request of each task named in `held` (its
 * first attempt only) is held until the test releases it: the test then knows that task's worker
 * is mid-task, without timing anything.
 */
export function fleetModel(
	ids: readonly string[],
	held: readonly string[] = [],
): { sideTurns: SideTurn[]; gates: Map<string, Gate> } {
	const gates = new Map<string, Gate & { reached(): void; open: Promise<void> }>()
	for (const id of held) {
		let reached = () => {}
		let release = () => {}
		const arrived = new Promise<void>((resolve) => (reached = resolve))
		const open = new Promise<void>((resolve) => (release = resolve))
		gates.set(id, { arrived, release, reached, open })
	}
	return {
		gates,
		sideTurns: ids.map((id) => {
			const script = conversationTurn([writeFile(`${id}.txt`, `${id}\n`), complete(`Wrote ${id}.txt`)])
			return {
				when: { firstUserIncludes: promptOf(id) },
				turn: async (context) => {
					const gate = gates.get(id)
					if (gate !== undefined && modelAnswerCount(context.request.body) === 0) {
						gates.delete(id)
						gate.reached()
						await gate.open
					}
					return script(context)
				},
			}
		}),
	}
}

/** The task a recorded request belongs to, by its first message. */
export const taskOfRequest = (body: unknown): string | undefined =>
	/Write the file of task ([A-Za-z0-9_-]+)\./.exec(firstUserText(body))?.[1]

interface Gate {
	arrived: Promise<void>
	release(): void
}

/** Kills a worker's whole process group, as a pod's end kills its container. */
export function killGroup(pid: number): void {
	try {
		process.kill(-pid, "SIGKILL")
	} catch {
		// Gone already.
	}
}

/** Resolves once no process of the group is left (its zombies reaped): nothing of a killed worker runs on. */
export async function groupGone(pid: number): Promise<void> {
	for (;;) {
		try {
			process.kill(-pid, 0)
		} catch {
			return
		}
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}
