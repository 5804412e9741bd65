/**
 * What a host gives for Cairn's demo: the project's own scripted model (packages/model-server) on
 * 127.0.0.1 playing the demo's script, and the sample project the script works in. The host owns
 * the model's server and stops it; nothing of it outlives the host.
 */
export interface DemoHost {
	/** Starts the scripted model (or keeps the running one); resolves to its OpenAI-compatible base URL. */
	startModel(): Promise<string>
	/** The script plays again from its first step at the next request. */
	restartScript(): void
	/** Stops the scripted model; nothing is left listening. */
	stopModel(): Promise<void>
	/** Whether the editor shows a copy of the sample project now. */
	inSampleProject(): boolean
	/** Opens a fresh copy of the sample project (the editor may reload for it). */
	openSampleProject(): Promise<void>
}
