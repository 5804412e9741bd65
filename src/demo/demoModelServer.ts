// The demo's scripted model, bundled apart (dist/demoModel.js) and required only when the demo
// starts: the model server and its tokenizer stay out of the agent's bundle.
export { parseScenarioFile, startModelServer } from "@cairn/model-server"
