import { execFile, execFileSync } from "node:child_process"
import { promisify } from "node:util"

const run = promisify(execFile)

export function hasTmux(): boolean {
	try {
		execFileSync("tmux", ["-V"], { stdio: "ignore" })
		return true
	} catch {
		return false
	}
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`

let counter = 0

/**
 * A command in a real terminal: a tmux session on its own server socket (never the user's),
 * driven with send-keys and read with capture-pane. The shell prints EXIT=<code> when it ends.
 */
export class TmuxSession {
	private constructor(private readonly socket: string) {}

	static async start(options: {
		cwd: string
		env: Record<string, string>
		argv: string[]
	}): Promise<TmuxSession> {
		const socket = `cairn-test-${process.pid}-${++counter}`
		const env = Object.entries(options.env).map(([key, value]) => `${key}=${quote(value)}`)
		// `env -i`: exactly the given environment, like a person's terminal. Inherited from a CI job,
		// CI=true would switch Ink to printing only its final frame.
		const command = `env -i ${env.join(" ")} ${options.argv.map(quote).join(" ")}; echo EXIT=$?; sleep 120`
		await run("tmux", [
			"-L",
			socket,
			"-f",
			"/dev/null",
			"new-session",
			"-d",
			"-s",
			"main",
			"-x",
			"120",
			"-y",
			"50",
			"-c",
			options.cwd,
			command,
		])
		return new TmuxSession(socket)
	}

	async keys(...keys: string[]): Promise<void> {
		await run("tmux", ["-L", this.socket, "send-keys", "-t", "main", ...keys])
	}

	/** Sends text literally (no key-name lookup). */
	async type(text: string): Promise<void> {
		await run("tmux", ["-L", this.socket, "send-keys", "-t", "main", "-l", text])
	}

	async screen(): Promise<string> {
		const { stdout } = await run("tmux", [
			"-L",
			this.socket,
			"capture-pane",
			"-p",
			"-t",
			"main",
			"-S",
			"-200",
		])
		return stdout
	}

	/**
	 * Presses `key` until `pattern` shows, as a person would press a key again that did nothing:
	 * on a saturated machine a lone Esc has been seen to go unanswered although the TUI was up.
	 * Fails when `pattern` never shows after `presses` presses.
	 */
	async pressUntil(key: string, pattern: RegExp, presses = 4, eachMs = 5_000): Promise<string> {
		for (let press = 1; ; press++) {
			await this.keys(key)
			try {
				return await this.waitFor(pattern, eachMs)
			} catch (error) {
				if (press >= presses) throw error
			}
		}
	}

	async waitFor(pattern: RegExp, timeoutMs = 15_000): Promise<string> {
		const deadline = Date.now() + timeoutMs
		for (;;) {
			const screen = await this.screen()
			if (pattern.test(screen)) return screen
			if (Date.now() > deadline)
				throw new Error(`Timed out waiting for ${pattern} on the screen:\n${screen}`)
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
	}

	async kill(): Promise<void> {
		await run("tmux", ["-L", this.socket, "kill-server"]).catch(() => undefined)
	}
}
