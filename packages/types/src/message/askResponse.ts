import { z } from "zod"

/** How a person answers an ask. */
export const clineAskResponses = [
	"yesButtonClicked",
	"noButtonClicked",
	"messageResponse",
	"objectResponse",
] as const
export const clineAskResponseSchema = z.enum(clineAskResponses)
export type ClineAskResponse = z.infer<typeof clineAskResponseSchema>
