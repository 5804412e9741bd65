import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"

// The extension host writes the page itself (with its CSP and nonce) and points at these
// files by name, so the bundle has a JS entry instead of an index.html and fixed file names.
export default defineConfig({
	plugins: [react()],
	resolve: { conditions: ["source"] },
	build: {
		outDir: "build",
		emptyOutDir: true,
		sourcemap: true,
		// The webview runs in the editor's own Chromium.
		target: "es2022",
		// No polyfill script: the CSP only admits the one nonce-tagged entry script.
		modulePreload: { polyfill: false },
		chunkSizeWarningLimit: 2000,
		rollupOptions: {
			input: { index: "src/main.tsx" },
			output: {
				entryFileNames: "assets/[name].js",
				chunkFileNames: "assets/[name].js",
				assetFileNames: "assets/[name][extname]",
			},
		},
	},
})
