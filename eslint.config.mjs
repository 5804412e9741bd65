// Lint is where the layering in DESIGN.md is enforced: arrows only point down
// types <- core <- (src, cli), and webview-ui talks to the host through types only.
import js from "@eslint/js"
import prettier from "eslint-config-prettier"
import i18next from "eslint-plugin-i18next"
import globals from "globals"
import tseslint from "typescript-eslint"

// A word of English (or any language with cases) written as JSX text: a word with a lowercase
// letter that is not the product's name. i18next/no-literal-string misses JSX that is an arrow
// function's body; this selector sees every JSXText. Marks, numbers and acronyms pass.
const wordInJsxText = {
	selector: "JSXText[value=/(?:^|[^\\p{L}])(?!Cairn(?:[^\\p{L}]|$))\\p{L}*\\p{Ll}/u]",
	message: 'Text the person sees comes from the translations: use t("key")',
}

/** Text without a word to translate: marks, numbers, acronyms (MCP, API) and the product's name. */
const noWords = /^(?:[^\p{L}]|\p{Lu}+(?!\p{Ll})|Cairn(?!\p{L}))*$/u

const editorAndUi = [
	{ name: "vscode", message: "Only the extension host (src/) may import vscode." },
	{ name: "react", message: "React belongs to webview-ui (and the CLI's TUI)." },
	{ name: "react-dom", message: "React belongs to webview-ui." },
	{ name: "ink", message: "Ink belongs to the CLI's TUI." },
]
const uiPatterns = [
	{ group: ["react/*", "react-dom/*", "ink/*", "ink-*"], message: "UI libraries stay out of this layer." },
]

export default tseslint.config(
	{
		ignores: [
			"**/node_modules/**",
			"**/dist/**",
			"**/out/**",
			".tools/**",
			"coverage/**",
			"artifacts/**",
			"webview-ui/build/**",
			"**/.test-build/**",
			// The demo's sample project carries a bug on purpose: the demo task finds and fixes it.
			"examples/demo/project/**",
			"packages/core/src/code-definitions/fixtures/**",
			"packages/core/src/codebase-index/fixtures/**",
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	prettier,
	{
		languageOptions: { globals: { ...globals.node } },
		rules: {
			"@typescript-eslint/no-unused-vars": [
				"error",
				{ argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
			],
			"@typescript-eslint/consistent-type-imports": "error",
			eqeqeq: ["error", "smart"],
			"no-console": "off",
		},
	},
	{
		files: ["packages/types/**/*.ts"],
		rules: {
			"no-restricted-imports": [
				"error",
				{
					paths: editorAndUi,
					patterns: [
						...uiPatterns,
						{
							group: ["@cairn/*", "**/packages/*/**"],
							message: "packages/types depends on zod only.",
						},
					],
				},
			],
		},
	},
	{
		files: ["packages/core/**/*.ts"],
		rules: {
			"no-restricted-imports": [
				"error",
				{
					paths: editorAndUi,
					patterns: [
						...uiPatterns,
						{
							group: [
								"@cairn/cli",
								"@cairn/webview-ui",
								"**/src/extension*",
								"**/webview-ui/**",
								"**/packages/cli/**",
							],
							message: "packages/core is host-free: it may depend on @cairn/types only.",
						},
					],
				},
			],
		},
	},
	{
		files: ["packages/model-server/**/*.ts"],
		rules: {
			"no-restricted-imports": [
				"error",
				{
					paths: editorAndUi,
					patterns: [
						...uiPatterns,
						{ group: ["@cairn/core", "@cairn/cli"], message: "The model server stands alone." },
					],
				},
			],
		},
	},
	{
		// The GitHub Action runs cairn as a process (its stream-json is the interface) and needs of the
		// core only its hardened git.
		files: ["packages/github-action/src/**/*.ts"],
		rules: {
			"no-restricted-imports": [
				"error",
				{
					paths: editorAndUi,
					patterns: [
						...uiPatterns,
						{
							group: ["@cairn/cli", "**/packages/cli/**", "**/packages/core/**"],
							message:
								"The action runs the cairn program; of the core it imports @cairn/core/git only.",
						},
					],
				},
			],
		},
	},
	{
		files: ["src/**/*.ts"],
		rules: {
			"no-restricted-imports": [
				"error",
				{
					paths: editorAndUi.filter((entry) => entry.name !== "vscode"),
					patterns: [
						{
							group: ["react/*", "react-dom/*", "ink/*", "ink-*"],
							message: "UI libraries belong to webview-ui and the CLI.",
						},
						{
							group: [
								"@cairn/webview-ui",
								"**/webview-ui/**",
								"@cairn/cli",
								"**/packages/cli/**",
							],
							message:
								"The extension host talks to the webview by messages and never loads the CLI.",
						},
					],
				},
			],
		},
	},
	{
		files: ["webview-ui/**/*.{ts,tsx}"],
		languageOptions: { globals: { ...globals.browser } },
		rules: {
			"no-restricted-imports": [
				"error",
				{
					paths: [
						{
							name: "vscode",
							message: "The webview reaches the host by postMessage, never the vscode module.",
						},
						{ name: "ink", message: "Ink belongs to the CLI." },
					],
					patterns: [
						{
							group: [
								"@cairn/core",
								"@cairn/core/*",
								"**/packages/core/**",
								"@cairn/cli",
								"**/packages/cli/**",
								"**/src/**/*.js",
							],
							message: "webview-ui speaks to the host through @cairn/types messages only.",
						},
					],
				},
			],
		},
	},
	{
		// Every word the webview shows comes from its translations (webview-ui/src/i18n): text in
		// JSX, and the attributes a person reads or hears, are keys, never English literals.
		files: ["webview-ui/src/**/*.tsx"],
		ignores: ["webview-ui/src/**/*.test.tsx", "webview-ui/src/test/**"],
		plugins: { i18next },
		rules: {
			"i18next/no-literal-string": [
				"error",
				{
					mode: "jsx-only",
					"jsx-attributes": {
						include: ["title", "aria-label", "aria-description", "placeholder", "alt", "label"],
						exclude: [".*"],
					},
					// Words are letters: numbers, punctuation and symbols (·, —, ×, 42%) carry no
					// language; neither do acronyms (MCP, API) or the product's name.
					words: { exclude: [noWords] },
					message: 'Text the person sees comes from the translations: use t("key")',
				},
			],
			"no-restricted-syntax": ["error", wordInJsxText],
		},
	},
	{
		// The same for the CLI's terminal UI: its words come from packages/cli/src/i18n.
		files: ["packages/cli/src/tui/**/*.tsx"],
		ignores: ["packages/cli/src/tui/**/*.test.tsx"],
		plugins: { i18next },
		rules: {
			"i18next/no-literal-string": [
				"error",
				{
					mode: "jsx-only",
					// Ink's props are layout, not words; the words are the webview's (marks like "●" and
					// "›", acronyms and the product's name are not).
					"jsx-attributes": { exclude: [".*"] },
					words: { exclude: [noWords] },
					message: 'Text the person sees comes from the translations: use t("key")',
				},
			],
			"no-restricted-syntax": ["error", wordInJsxText],
		},
	},
	{
		files: ["packages/cli/**/*.{ts,tsx}"],
		rules: {
			"no-restricted-imports": [
				"error",
				{
					paths: [{ name: "vscode", message: "The CLI runs without VS Code." }],
					patterns: [
						{
							group: ["@cairn/webview-ui", "**/webview-ui/**"],
							message: "The CLI has its own UI.",
						},
					],
				},
			],
		},
	},
)
