/**
 * The conversation as the model sees it, in one neutral shape every provider translates to
 * its wire format. It is what the API-history journal stores, so it must stay JSON.
 */
export type ApiMessage = UserMessage | AssistantMessage

export interface UserMessage {
	role: "user"
	content: UserBlock[]
	ts?: number
}

export interface AssistantMessage {
	role: "assistant"
	content: AssistantBlock[]
	ts?: number
}

export type UserBlock = TextBlock | ImageBlock | ToolResultBlock
export type AssistantBlock = TextBlock | ReasoningBlock | ToolUseBlock

export interface TextBlock {
	type: "text"
	text: string
}

export interface ImageBlock {
	type: "image"
	/** e.g. "image/png" */
	mediaType: string
	/** base64, without the data: prefix */
	data: string
}

export interface ReasoningBlock {
	type: "reasoning"
	text: string
	/** Anthropic signs thinking; the signature must be sent back unchanged with the block. */
	signature?: string
}

export interface ToolUseBlock {
	type: "tool_use"
	id: string
	name: string
	/** The parsed arguments; the raw JSON when the model sent something unparseable. */
	input: unknown
}

export interface ToolResultBlock {
	type: "tool_result"
	toolUseId: string
	content: (TextBlock | ImageBlock)[]
	isError?: boolean
}
