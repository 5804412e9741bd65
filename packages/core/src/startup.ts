/**
 * What the CLI needs before it knows what it will run (its help, its usage errors, the language
 * to say them in). A subpath of its own so that importing it does not load the whole agent:
 * `cairn --help` answers without the tools, providers and persistence.
 */
export { storedLanguageSetting } from "./i18n/storedLanguage.js"
export { builtInModes, type Mode } from "./modes/modes.js"
export { ExitCode } from "./stream/exitCodes.js"
