#!/usr/bin/env bash
# Builds the fleet image (Containerfile beside this script) with Debian's buildah and runs Cairn in
# it: the tools it needs, then a real task against the scripted model server on 127.0.0.1.
#
#   bash deploy/kubernetes/try-image.sh [--local-base]
#
# --local-base: where node:20-bookworm-slim cannot be pulled (this project's machines reach only
# Debian's and npm's registries), build a base like it first: a bookworm from debootstrap with this
# machine's node and npm. Needs root, buildah and debootstrap (apt-get install buildah debootstrap).
# The containers run with buildah's chroot isolation, which needs no cgroups and shares the host's
# network, so the task inside reaches the model server on the host's 127.0.0.1.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
base="docker.io/library/node:20-bookworm-slim"
image="localhost/cairn-cli:try"
work="$(mktemp -d)"
containers=()
server_pid=""
cleanup() {
	[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
	for c in "${containers[@]}"; do buildah rm "$c" >/dev/null 2>&1 || true; done
	rm -rf "$work"
}
trap cleanup EXIT

step() { printf '\n== %s\n' "$*"; }

if [ "${1:-}" = "--local-base" ]; then
	base="localhost/cairn-node20-bookworm:local"
	if ! buildah inspect --type image "$base" >/dev/null 2>&1; then
		step "a local base like node:20-bookworm-slim (debootstrap bookworm + this machine's node $(node --version))"
		debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log"
		node_bin="$(command -v node)"
		npm_dir="$(dirname "$(readlink -f "$(command -v npm)")")/.."
		install -D -m 0755 "$node_bin" "$work/rootfs/usr/local/bin/node"
		mkdir -p "$work/rootfs/usr/local/lib/node_modules"
		cp -a "$(readlink -f "$npm_dir")" "$work/rootfs/usr/local/lib/node_modules/npm"
		ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
		tar -C "$work/rootfs" -cf "$work/rootfs.tar" .
		c="$(buildah from scratch)"
		containers+=("$c")
		buildah add "$c" "$work/rootfs.tar" / >/dev/null
		buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$c"
		buildah commit --quiet "$c" "$base" >/dev/null
		rm -rf "$work/rootfs" "$work/rootfs.tar"
	fi
fi

step "the packed CLI"
mkdir -p "$work/context"
cp "$here/Containerfile" "$work/context/"
(cd "$repo" && npm pack -w @cairn/cli --pack-destination "$work/context" >"$work/pack.log" 2>&1) || {
	cat "$work/pack.log"
	exit 1
}
ls -l "$work/context"

step "the image, FROM $base"
start=$SECONDS
buildah bud --quiet --isolation chroot --build-arg "BASE=$base" -t "$image" "$work/context" >/dev/null
echo "built in $((SECONDS - start)) s"
buildah inspect --type image --format '{{.FromImageID}}' "$image" >/dev/null

c="$(buildah from "$image")"
containers+=("$c")
in_image() { buildah run --isolation chroot "$c" -- "$@"; }

step "what the image holds"
in_image sh -c 'id; node --version; git --version; rg --version; bwrap --version; cairn --version'
# Whether the sandbox can start here: it needs unprivileged user namespaces inside the container,
# which a container engine's default seccomp profile refuses (see README.md). Reported, not required.
if in_image bwrap --ro-bind / / --unshare-all --die-with-parent true 2>"$work/bwrap.err"; then
	echo "the command sandbox starts in this container"
else
	echo "the command sandbox cannot start in this container: $(head -1 "$work/bwrap.err")"
fi

step "a task inside the image against the scripted model on the host"
cat >"$work/scenario.json" <<'JSON'
[
	{ "text": "Writing it.", "toolCalls": [{ "name": "write_to_file", "arguments": { "path": "hello.txt", "content": "hello from the container\n" } }] },
	{ "toolCalls": [{ "name": "attempt_completion", "arguments": { "result": "Wrote hello.txt." } }] }
]
JSON
node "$repo/packages/model-server/dist/bin.js" --scenario "$work/scenario.json" --lifetime-ms 300000 >"$work/server.out" &
server_pid=$!
for _ in $(seq 100); do [ -s "$work/server.out" ] && break; sleep 0.1; done
url="$(head -1 "$work/server.out")"
echo "model server: $url"
in_image sh -c "set -e; mkdir -p /home/cairn/repo && cd /home/cairn/repo && git init -q &&
	cairn -y -P 'write hello.txt' --provider anthropic --model scripted --base-url '$url' --api-key test \
		--output-format json > /home/cairn/result.json; cat hello.txt"
in_image sh -c 'node -e "const r = require(\"/home/cairn/result.json\"); console.log(r.reason, r.exitCode)"'
echo
echo "OK: the image runs Cairn; its task wrote hello.txt in the container."
