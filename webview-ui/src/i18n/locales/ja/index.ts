import app from "./app.json"
import board from "./board.json"
import chat from "./chat.json"
import codebaseIndex from "./codebaseIndex.json"
import common from "./common.json"
import content from "./content.json"
import history from "./history.json"
import mcp from "./mcp.json"
import modes from "./modes.json"
import nav from "./nav.json"
import rows from "./rows.json"
import settings from "./settings.json"
import subtasks from "./subtasks.json"
import welcome from "./welcome.json"

/** The webview's text in this language, by namespace (one per part of the UI). */
export default {
	app,
	board,
	chat,
	codebaseIndex,
	common,
	content,
	history,
	mcp,
	modes,
	nav,
	rows,
	settings,
	subtasks,
	welcome,
}
