import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

// The extension host writes the page itself (with its CSP and nonce) and points at these
// files by name, so the bundle has a JS entry instead of an index.html and fixed file names.
export default defineConfig({
	plugins: [react()],
	resolve: { conditions: ["source"] },
	// Lazy chunks (the highlighter, each grammar) and the codicon font are found relative to the
	// file that loads them: the webview serves the build folder under its own vscode-webview URL.
	base: "./",
	build: {
		outDir: "build",
		emptyOutDir: true,
		sourcemap: true,
		// The webview runs in the editor's own Chromium.
		target: "es2022",
		// No modulepreload links or polyfill: the CSP admits scripts by nonce only. Dynamic imports
		// (the highlighter, its grammars) inherit the entry script's nonce; injected links would not.
		modulePreload: false,
		// The host links one stylesheet, index.css; every component's CSS goes into it.
		cssCodeSplit: false,
		// No data: URIs for fonts or images: the CSP admits only the webview's own resources.
		assetsInlineLimit: 0,
		chunkSizeWarningLimit: 2000,
		// Which chunks the entry imports: the host links them as module preloads (with the page's
		// nonce), so they load alongside index.js rather than after it has been parsed.
		manifest: "manifest.json",
		rollupOptions: {
			input: { index: "src/main.tsx" },
			output: {
				entryFileNames: "assets/[name].js",
				// Each language's translation is one chunk, named for the language (its module is an index.ts).
				chunkFileNames: (chunk) => {
					const language = /i18n\/locales\/([^/]+)\/index\.ts$/.exec(
						chunk.facadeModuleId ?? "",
					)?.[1]
					return language === undefined ? "assets/[name].js" : `assets/locale-${language}.js`
				},
				// The one stylesheet is the index.css the host links, whatever Vite would call it.
				assetFileNames: (asset) =>
					asset.names.some((name) => name.endsWith(".css"))
						? "assets/index.css"
						: "assets/[name][extname]",
			},
		},
	},
})
