import { z } from "zod"

// Bounds on what a client may send. They are far above real use and exist so a runaway or
// hostile client cannot make the host hold gigabytes or walk the file system.

/** A pasted file or a long prompt fits; a runaway loop does not. */
export const maxTextLength = 2_000_000
export const maxImages = 20
/** A data URI of one image. */
export const maxImageLength = 20_000_000

export const userTextSchema = z.string().max(maxTextLength, `text is longer than ${maxTextLength} characters`)

export const imageDataUriSchema = z
	.string()
	.max(maxImageLength, "image is too large")
	.regex(/^data:image\/[a-z0-9.+-]+;base64,/i, "an image must be a base64 data URI")

export const imagesSchema = z.array(imageDataUriSchema).max(maxImages, `at most ${maxImages} images`)

/** Task ids name folders on disk, so nothing that could climb out of the tasks folder passes. */
export const taskIdSchema = z
	.string()
	.regex(/^[A-Za-z0-9_-]{1,128}$/, "a task id is 1-128 letters, digits, '-' or '_'")

/** A message's `ts` as a client names it. */
export const messageTsSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** Messages a `state` snapshot or a `messagePage` carries: a few screenfuls. */
export const messagePageSize = 200
/**
 * Messages a client keeps loaded at most; scrolling further drops pages from the far end, so
 * what a client holds does not grow with the task.
 */
export const maxLoadedMessages = 2_000
