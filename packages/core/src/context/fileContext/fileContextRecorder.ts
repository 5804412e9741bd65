import type { ResolvedPath } from "../../workspace/workspacePaths.js"
import type { ContentHash } from "./fileFingerprint.js"

/**
 * What the tools tell about the files the model has in its context: the content of a file it
 * read, or the content Cairn saved with its edit. A later change by anyone else (the person, a
 * command, another program) is then reported to the model before it edits from a stale copy.
 */
export interface FileContextRecorder {
	/**
	 * The model now knows `path` with the content whose hash is `content`: it read those bytes,
	 * or Cairn wrote them with the model's approved edit.
	 */
	modelHasSeen(path: ResolvedPath, content: ContentHash): void
}
