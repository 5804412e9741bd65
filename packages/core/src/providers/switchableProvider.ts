import type { CreateMessageRequest, ModelProvider } from "./modelProvider.js"

/**
 * A task's model, which the person may switch while the task runs (another profile, another
 * mode's model). Every request goes to the model current when it starts; one already streaming
 * finishes with the model it began with.
 */
export class SwitchableProvider implements ModelProvider {
	constructor(private current: ModelProvider) {}

	get name(): ModelProvider["name"] {
		return this.current.name
	}

	get model(): ModelProvider["model"] {
		return this.current.model
	}

	use(next: ModelProvider): void {
		this.current = next
	}

	createMessage(request: CreateMessageRequest): ReturnType<ModelProvider["createMessage"]> {
		return this.current.createMessage(request)
	}
}
