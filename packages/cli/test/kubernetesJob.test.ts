import { spawn } from "node:child_process"
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { inShard, parseTaskFile } from "@cairn/core"
import { modelAnswerCount } from "@cairn/model-server"
import { afterEach, describe, expect, it } from "vitest"
import { parseAllDocuments } from "yaml"
import { binary, CliChild, createWorld, type CliWorld } from "./support/cliProcess.js"
import {
	fleetModel,
	git,
	groupGone,
	initRepository,
	killGroup,
	taskLine,
	taskOfRequest,
} from "./support/fleet.js"

// The Kubernetes Indexed Job of deploy/kubernetes/fleet-job.yaml, run here: its worker's command and
// environment are read from the manifest (so they cannot drift from what is tested), the volumes'
// mount paths moved into a temporary folder, the Secrets replaced by test values, the repository a
// local bare one and the model the scripted server. Its `completions` workers run at once, each told
// its index by JOB_COMPLETION_INDEX as Kubernetes does; two are killed mid-task (their whole process
// group, as an evicted pod's container) and started again, as the Job controller would.

const manifestFile = fileURLToPath(new URL("../../../deploy/kubernetes/fleet-job.yaml", import.meta.url))

interface EnvVar {
	name: string
	value?: string
	valueFrom?: { secretKeyRef?: { name: string; key: string } }
}
interface Manifest {
	completions: number
	command: string[]
	args: string[]
	env: EnvVar[]
	mounts: { name: string; mountPath: string }[]
	configMapTasks: string
}

/** The parts of the manifest's documents the test runs. */
interface ManifestDocument {
	kind: string
	data?: Record<string, string>
	spec?: {
		completionMode?: string
		completions?: number
		template?: {
			spec?: {
				containers?: {
					command: string[]
					args: string[]
					env: EnvVar[]
					volumeMounts: { name: string; mountPath: string }[]
				}[]
			}
		}
	}
}

async function readManifest(): Promise<Manifest> {
	const documents = parseAllDocuments(await readFile(manifestFile, "utf8")).map(
		(document) => document.toJS() as ManifestDocument,
	)
	const job = documents.find((document) => document.kind === "Job")
	const tasks = documents.find((document) => document.kind === "ConfigMap")?.data?.["tasks.yaml"]
	const container = job?.spec?.template?.spec?.containers?.[0]
	if (job?.spec?.completions === undefined || container === undefined || tasks === undefined)
		throw new Error(`${manifestFile}: expected a ConfigMap with tasks.yaml and a Job with a container`)
	expect(job.spec.completionMode).toBe("Indexed")
	return {
		completions: job.spec.completions,
		command: container.command,
		args: container.args,
		env: container.env,
		mounts: container.volumeMounts,
		configMapTasks: tasks,
	}
}

let world: CliWorld | undefined
const workers: CliChild[] = []
afterEach(async () => {
	for (const worker of workers)
		if (worker.child.exitCode === null && worker.child.pid) killGroup(worker.child.pid)
	workers.length = 0
	await world?.cleanup()
	world = undefined
})

describe("deploy/kubernetes/fleet-job.yaml", { timeout: 300_000 }, () => {
	it("shares its example task file's tasks by id and names a shard count equal to its completions", async () => {
		const manifest = await readManifest()
		const tasks = parseTaskFile("tasks.yaml", manifest.configMapTasks)
		expect(tasks.length).toBeGreaterThan(0)
		const count = manifest.env.find((entry) => entry.name === "CAIRN_SHARD_COUNT")?.value
		expect(Number(count)).toBe(manifest.completions)
	})

	it("as its Indexed Job's workers: disjoint shares, killed workers resume, every task done exactly once and its branch pushed", async () => {
		const manifest = await readManifest()
		const count = manifest.completions
		const ids = Array.from({ length: 12 }, (_, index) => `t${index}`)
		const shareOf = (index: number) => ids.filter((id) => inShard(id, { index, count }))
		const killedIndexes = [0, 1].filter((index) => shareOf(index).length >= 2)
		expect(killedIndexes.length).toBeGreaterThan(0)
		const held = killedIndexes.map((index) => shareOf(index)[1] as string)
		const model = fleetModel(ids, held)
		world = await createWorld({
			files: { "README.md": "hello\n" },
			server: { sideTurns: model.sideTurns },
		})
		const at = world
		initRepository(at.workspace)
		const remote = path.join(at.root, "remote.git")
		git(at.root, "clone", "-q", "--bare", at.workspace, remote)

		// The pod's file system: each volume's mount path becomes a folder here.
		const pod = path.join(at.root, "pod")
		const moved = new Map(manifest.mounts.map((mount) => [mount.mountPath, path.join(pod, mount.name)]))
		const inPod = (value: string) => {
			for (const [mountPath, folder] of moved)
				if (value === mountPath || value.startsWith(`${mountPath}/`))
					return folder + value.slice(mountPath.length)
			return value
		}
		for (const folder of moved.values()) await mkdir(folder, { recursive: true })
		const bin = path.join(at.root, "bin")
		await mkdir(bin)
		await symlink(binary, path.join(bin, "cairn"))

		const secrets: Record<string, string> = {
			"cairn-provider/api-key": "test-key-0123456789",
			"cairn-git/token": "test-git-token",
		}
		const env: Record<string, string> = {}
		for (const entry of manifest.env) {
			const ref = entry.valueFrom?.secretKeyRef
			const value = ref !== undefined ? secrets[`${ref.name}/${ref.key}`] : entry.value
			if (value === undefined)
				throw new Error(`the manifest's ${entry.name} has no value the test knows`)
			env[entry.name] = inPod(value)
		}
		env.REPO_URL = remote
		// The model server stands in for the provider; the manifest's provider and model are kept.
		env.CAIRN_BASE_URL = at.server.url
		const tasksFile = env.TASKS_FILE as string
		await mkdir(path.dirname(tasksFile), { recursive: true })
		await writeFile(
			tasksFile,
			ids
				.map((id) => `- ${taskLine(id, { repository: "repo", checks: [`test -f ${id}.txt`] })}`)
				.join("\n"),
		)
		// YAML, as in the manifest's ConfigMap: a list of tasks, each written as a flow mapping.
		expect(parseTaskFile(tasksFile, await readFile(tasksFile, "utf8"))).toHaveLength(ids.length)

		const [shell, ...shellArgs] = [...manifest.command, ...manifest.args]
		const start = (index: number): CliChild => {
			const child = spawn(shell as string, shellArgs, {
				cwd: pod,
				detached: true,
				stdio: "pipe",
				env: {
					...env,
					PATH: `${bin}:${process.env.PATH ?? ""}`,
					HOME: at.root,
					TMPDIR: os.tmpdir(),
					NO_COLOR: "1",
					JOB_COMPLETION_INDEX: String(index),
				},
			})
			const worker = new CliChild(child)
			workers.push(worker)
			return worker
		}
		const running = Array.from({ length: count }, (_, index) => start(index))

		for (const [n, index] of killedIndexes.entries()) {
			const id = held[n] as string
			await model.gates.get(id)?.arrived
			const victim = running[index] as CliChild
			const pid = victim.child.pid as number
			killGroup(pid)
			await victim.exited
			await groupGone(pid)
			running[index] = start(index)
			model.gates.get(id)?.release()
		}
		const ended = await Promise.all(running.map((worker) => worker.exited))
		for (const run of ended) expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0)

		const records = inPod(`${env.RESULTS_DIR}/records`)
		const chats = at.server.requests.filter((request) => request.route === "chat")
		const killedShares = killedIndexes.flatMap(shareOf)
		for (const id of ids) {
			const record = JSON.parse(await readFile(path.join(records, `${id}.json`), "utf8")) as {
				state: string
				attempt: number
				branch: string
				commit: string
				worker: { shard: string }
			}
			expect(record.state, id).toBe("passed")
			expect(shareOf(Number(record.worker.shard.split("/")[0])), id).toContain(id)
			// Pushed: the remote has the task's branch at its recorded commit, holding its file.
			expect(git(remote, "rev-parse", `refs/heads/${record.branch}`), id).toBe(record.commit)
			expect(git(remote, "show", `${record.branch}:${id}.txt`), id).toBe(id)
			// Its agent completed once an attempt: a task of a killed worker (the manifest runs
			// CONCURRENCY tasks at once, so others besides the held one may have been in flight) is
			// retried as the next attempt; every other task ran once.
			const completions = chats.filter(
				(request) => taskOfRequest(request.body) === id && modelAnswerCount(request.body) === 1,
			).length
			if (held.includes(id)) expect(record.attempt, id).toBe(2)
			if (!killedShares.includes(id)) expect(record.attempt, id).toBe(1)
			expect(completions, id).toBeGreaterThanOrEqual(1)
			expect(completions, id).toBeLessThanOrEqual(record.attempt)
		}
	})
})
