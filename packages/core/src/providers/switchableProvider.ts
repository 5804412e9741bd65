import type { ApiStreamChunk, CreateMessageRequest, ModelProvider } from "./modelProvider.js"

/**
 * A task's model, which the person may switch while the task runs (another profile, another
 * mode's model). Every request goes to the model current when it starts; one already streaming
 * finishes with the model it began with, and one that starts while a switch is being prepared
 * waits for it.
 */
export class SwitchableProvider implements ModelProvider {
	private switching: Promise<void> = Promise.resolve()

	constructor(private current: ModelProvider) {}

	get name(): ModelProvider["name"] {
		return this.current.name
	}

	get model(): ModelProvider["model"] {
		return this.current.model
	}

	/**
	 * Requests from now on go to `next` once it is ready; if it cannot be made, they go on with
	 * the model they had (the caller of switchTo reports why).
	 */
	switchTo(next: Promise<ModelProvider>): void {
		this.switching = this.switching.then(() =>
			next.then(
				(provider) => {
					this.current = provider
				},
				() => undefined,
			),
		)
	}

	settled(): Promise<void> {
		return this.switching
	}

	async *createMessage(request: CreateMessageRequest): AsyncGenerator<ApiStreamChunk> {
		await this.switching
		yield* this.current.createMessage(request)
	}
}
