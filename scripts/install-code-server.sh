#!/usr/bin/env bash
# Installs code-server (a real VS Code: workbench, server and extension host) from npm into
# .tools/code-server, offline apart from the npm registry. 4.100.3 is the newest release
# whose engines.node is 20. Each workaround below is for a download or a refusal that
# would otherwise break an offline or root install; see shared/notes/real-editor-testing.md.
# Idempotent: a marker written after a successful install makes re-runs instant.
set -euo pipefail

version="${CODE_SERVER_VERSION:-4.100.3}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="$root/.tools/code-server"
marker="$dest/.installed-version"
bin="$dest/node_modules/.bin/code-server"

if [ -f "$marker" ] && [ "$(cat "$marker")" = "$version" ] && [ -x "$bin" ]; then
	echo "install-code-server: $version already in $dest"
	exit 0
fi

for tool in rg cc make python3; do
	command -v "$tool" >/dev/null || {
		echo "install-code-server: '$tool' is missing; run scripts/install-system-deps.sh first" >&2
		exit 1
	}
done

started=$(date +%s)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The pinned @vscode/ripgrep postinstall fetches rg from GitHub unless this cache file
# exists; Debian's rg (same 13.0.0 line) stands in for it.
rg_cache="${TMPDIR:-/tmp}/vscode-ripgrep-cache-1.15.11"
rg_tarball="$rg_cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
if [ ! -s "$rg_tarball" ]; then
	mkdir -p "$rg_cache" "$work/rg"
	cp "$(command -v rg)" "$work/rg/rg"
	tar -czf "$rg_tarball" -C "$work/rg" rg
fi

# code-server's postinstall writes config and caches under the XDG dirs; keep them out of $HOME.
export XDG_CONFIG_HOME="$work/xdg/config" XDG_DATA_HOME="$work/xdg/data" XDG_CACHE_HOME="$work/xdg/cache"
# node-pty's postinstall runs `npx node-gyp`, which a `yes=false` npmrc would cancel.
export npm_config_yes=true
# code-server's postinstall refuses to run as root otherwise.
export npm_config_unsafe_perm=true
# node-gyp would otherwise download Node headers; Debian/NodeSource ship them under /usr.
export npm_config_nodedir=/usr
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

rm -rf "$dest"
mkdir -p "$dest"
# A package.json of its own keeps npm from treating the repository root as the project.
printf '{\n\t"name": "cairn-tools-code-server",\n\t"private": true\n}\n' >"$dest/package.json"
echo "install-code-server: installing code-server@$version into $dest (about a minute)"
(cd "$dest" && npm install --no-save --loglevel=error "code-server@$version")

"$bin" --version >/dev/null
echo "$version" >"$marker"
echo "install-code-server: done in $(($(date +%s) - started)) s"
