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

step "the Job's worker command (read from fleet-job.yaml) inside the image, as index 0 of 1"
kill "$server_pid"
node "$repo/packages/model-server/dist/bin.js" --scenario "$work/scenario.json" --lifetime-ms 300000 >"$work/server2.out" &
server_pid=$!
for _ in $(seq 100); do [ -s "$work/server2.out" ] && break; sleep 0.1; done
url="$(head -1 "$work/server2.out")"
worker_script="$(cd "$repo" && node --input-type=module -e '
	import { readFileSync } from "node:fs"
	import { parseAllDocuments } from "yaml"
	const job = parseAllDocuments(readFileSync("deploy/kubernetes/fleet-job.yaml", "utf8"))
		.map((document) => document.toJS())
		.find((document) => document.kind === "Job")
	process.stdout.write(job.spec.template.spec.containers[0].args[0])
')"
printf '%s\n' "- id: hello" "  prompt: write hello.txt" "  repository: repo" >"$work/tasks.yaml"
buildah copy --chown 10001:10001 "$c" "$work/tasks.yaml" /home/cairn/fleet/tasks.yaml >/dev/null
in_image sh -c 'set -e; cd /home/cairn && git init -q --bare remote.git && git clone -q remote.git seed 2>/dev/null &&
	cd seed && git -c user.name=t -c user.email=t@t commit -q --allow-empty -m first && git push -q origin HEAD'
in_image env JOB_COMPLETION_INDEX=0 CAIRN_SHARD_COUNT=1 CONCURRENCY=1 REPO_URL=/home/cairn/remote.git \
	TASKS_FILE=/home/cairn/fleet/tasks.yaml RESULTS_DIR=/home/cairn/results CAIRN_PROVIDER=anthropic \
	CAIRN_MODEL=scripted CAIRN_BASE_URL="$url" ANTHROPIC_API_KEY=test GIT_TOKEN=unused \
	sh -c "$worker_script"
in_image sh -c 'cat /home/cairn/results/records/hello.json; echo; git --git-dir /home/cairn/remote.git show cairn/hello:hello.txt'
echo
echo "OK: the image runs Cairn and the Job's worker command; the task's branch reached the remote."
