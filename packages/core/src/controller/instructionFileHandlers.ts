import { findInstructionFiles } from "../prompts/instructionFiles/foundInstructionFiles.js"
import type { Handler } from "./handlerContext.js"

export const instructionFileHandlers: { requestInstructionFiles: Handler<"requestInstructionFiles"> } = {
	requestInstructionFiles: async (context, _message, reply) => {
		const modes = context.modes.all().map((mode) => mode.slug)
		reply({
			type: "instructionFilesFound",
			found: await findInstructionFiles(context.host.workspaceRoot, modes),
		})
	},
}
