#!/usr/bin/env bash
# The fallback of scripts/docker-check.sh where no Docker engine can start: builds the image with
# buildah and checks it, with no container registry. It uses ../shared/docker/local-base-image.sh (beside the repository) for a
# local node:24-slim, then:
#   - builds the image from the Dockerfile as it is (vfs storage, chroot isolation, no pulls, docker
#     format): what a user builds, with nothing patched in;
#   - checks the image config: USER node, a HEALTHCHECK, STOPSIGNAL SIGTERM;
#   - runs the image's CMD with DELIVERY_SANDBOX_SCENARIO=ci on a free port (host network);
#   - waits for /__sandbox/health, calls one /v1 endpoint, runs the image's HEALTHCHECK command;
#   - checks the server runs as a non-root user, listens beyond loopback and logs JSON;
#   - sends SIGTERM to the server and checks that it exits 0.
# Prints `docker-check: ok` at the end, or `docker-check: skipped` without the base-image script.
# Needs root. Idempotent; removes its container on exit.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
base_script=$(cd "$root/.." && pwd)/shared/docker/local-base-image.sh

if [ ! -f "$base_script" ]; then
  echo "docker-check: $base_script not found; build and run the image with Docker instead"
  echo "docker-check: skipped"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "docker-check: needs root (buildah with vfs storage and chroot isolation)" >&2
  exit 1
fi

S=(--storage-driver vfs)
IMAGE=localhost/delivery-sandbox
NAME=delivery-sandbox-check
API_KEY=sk_test_ci_acme
START=$SECONDS

say() { echo "docker-check: $* ($((SECONDS - START))s)"; }
fail() {
  echo "docker-check: FAILED: $*" >&2
  if [ -s "${work:-}/server.err" ] || [ -s "${work:-}/server.out" ]; then
    echo "--- server output (last 30 lines) ---" >&2
    tail -n 30 "$work/server.out" "$work/server.err" >&2 || true
  fi
  exit 1
}

work=$(mktemp -d)
run_pid=""
node_pid=""
cleanup() {
  set +e
  if [ -n "$node_pid" ] && kill -0 "$node_pid" 2>/dev/null; then
    kill -TERM "$node_pid" 2>/dev/null
    for _ in $(seq 1 20); do kill -0 "$node_pid" 2>/dev/null || break; sleep 0.25; done
    kill -KILL "$node_pid" 2>/dev/null
  fi
  if [ -n "$run_pid" ] && kill -0 "$run_pid" 2>/dev/null; then
    kill -KILL "$run_pid" 2>/dev/null
  fi
  [ -n "$run_pid" ] && wait "$run_pid" 2>/dev/null
  buildah "${S[@]}" rm "$NAME" >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT

# GET url [bearer key]: prints "status content-type" on the first line, then the body.
http_get() {
  node -e '
    const [url, key] = process.argv.slice(1);
    fetch(url, { headers: key ? { Authorization: `Bearer ${key}` } : {}, signal: AbortSignal.timeout(5000) })
      .then(async (r) => {
        console.log(`${r.status} ${r.headers.get("content-type") ?? "-"}`);
        console.log(await r.text());
      })
      .catch(() => { console.log("000 -"); });
  ' "$@"
}

# The PIDs below $1 (children, grandchildren, ...), read from /proc.
descendants() {
  local queue=("$1") pid status ppid
  while [ ${#queue[@]} -gt 0 ]; do
    local parent=${queue[0]}
    queue=("${queue[@]:1}")
    for status in /proc/[0-9]*/status; do
      ppid=$(sed -n 's/^PPid:[[:space:]]*//p' "$status" 2>/dev/null) || continue
      if [ "$ppid" = "$parent" ]; then
        pid=${status#/proc/}; pid=${pid%/status}
        echo "$pid"
        queue+=("$pid")
      fi
    done
  done
}

# 1. The base image, then the image.
bash "$base_script"
old_id=$(buildah "${S[@]}" images --noheading --no-trunc --format '{{.ID}}' "$IMAGE" 2>/dev/null || true)
say "building $IMAGE"
# No --layers: with vfs every cached layer is a full copy of the filesystem, slower than rebuilding.
if ! buildah "${S[@]}" bud --pull=never --isolation chroot --format docker -f Dockerfile -t "$IMAGE" . \
  >"$work/build.log" 2>&1; then
  tail -n 40 "$work/build.log" >&2
  fail "the image did not build"
fi
new_id=$(buildah "${S[@]}" images --noheading --no-trunc --format '{{.ID}}' "$IMAGE")
if [ -n "$old_id" ] && [ "$old_id" != "$new_id" ]; then
  buildah "${S[@]}" rmi "$old_id" >/dev/null 2>&1 || true # the previous build, now untagged
fi
size=$(buildah "${S[@]}" images --noheading --format '{{.Size}}' "$IMAGE")
say "built $IMAGE ($size)"

# 2. The image config.
buildah "${S[@]}" inspect --type image "$IMAGE" >"$work/inspect.json"
node -e '
  const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).Docker.config;
  const problems = [];
  if (!c.User || c.User === "root" || c.User.startsWith("0")) problems.push(`User is "${c.User}", not a non-root user`);
  if (!c.Healthcheck || !Array.isArray(c.Healthcheck.Test) || c.Healthcheck.Test[0] !== "CMD")
    problems.push("no exec-form HEALTHCHECK (build with --format docker)");
  if (c.StopSignal !== "SIGTERM") problems.push(`StopSignal is "${c.StopSignal}"`);
  const env = Object.fromEntries((c.Env ?? []).map((e) => [e.slice(0, e.indexOf("=")), e.slice(e.indexOf("=") + 1)]));
  if (env.DELIVERY_SANDBOX_HOST !== "0.0.0.0") problems.push("DELIVERY_SANDBOX_HOST is not 0.0.0.0");
  if (!c.Cmd || c.Cmd[0] !== "node") problems.push(`CMD is ${JSON.stringify(c.Cmd)}, not exec form with node`);
  if (problems.length) { console.error(problems.join("\n")); process.exit(1); }
' "$work/inspect.json" || fail "image config"
mapfile -t cmd < <(node -e 'for (const a of JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).Docker.config.Cmd) console.log(a)' "$work/inspect.json")
mapfile -t healthcheck < <(node -e 'for (const a of JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).Docker.config.Healthcheck.Test.slice(1)) console.log(a)' "$work/inspect.json")
user=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).Docker.config.User)' "$work/inspect.json")
say "image config: USER $user, HEALTHCHECK, STOPSIGNAL SIGTERM, CMD ${cmd[*]}"

# 3. Run the image's CMD on a free port (chroot isolation shares the host network).
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
buildah "${S[@]}" rm "$NAME" >/dev/null 2>&1 || true # left over from an interrupted run
buildah "${S[@]}" from --pull-never --name "$NAME" "$IMAGE" >/dev/null
buildah "${S[@]}" run --isolation chroot --user "$user" \
  --env DELIVERY_SANDBOX_PORT="$port" --env DELIVERY_SANDBOX_SCENARIO=ci \
  "$NAME" -- "${cmd[@]}" >"$work/server.out" 2>"$work/server.err" &
run_pid=$!

base=http://127.0.0.1:$port
deadline=$((SECONDS + 60))
until [ "$(http_get "$base/__sandbox/health" | head -n 1 | cut -d' ' -f1)" = 200 ]; do
  kill -0 "$run_pid" 2>/dev/null || fail "the server exited before it was healthy"
  [ $SECONDS -lt $deadline ] || fail "no healthy answer from $base/__sandbox/health within 60s"
  sleep 0.5
done
say "healthy on port $port"

for pid in $(descendants "$run_pid"); do
  if [ "$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -d' ' -f1 | xargs -r basename)" = node ]; then
    node_pid=$pid
  fi
done
[ -n "$node_pid" ] || fail "could not find the node process under buildah run"

# 4. The API, the image's own HEALTHCHECK, the user, the interfaces, the logs.
http_get "$base/v1/drivers/available?lat=37.7749&lng=-122.4194" "$API_KEY" >"$work/v1.txt"
read -r status ctype <"$work/v1.txt"
[ "$status" = 200 ] || fail "GET /v1/drivers/available answered $status: $(tail -n +2 "$work/v1.txt" | head -c 300)"
case "$ctype" in application/json*) ;; *) fail "GET /v1/drivers/available answered $ctype" ;; esac
tail -n +2 "$work/v1.txt" | node -e 'JSON.parse(require("fs").readFileSync(0, "utf8"))' \
  || fail "GET /v1/drivers/available did not answer JSON"
say "GET /v1/drivers/available with $API_KEY: 200 JSON"

buildah "${S[@]}" run --isolation chroot --user "$user" --env DELIVERY_SANDBOX_PORT="$port" \
  "$NAME" -- "${healthcheck[@]}" >/dev/null 2>&1 || fail "the image's HEALTHCHECK command failed"
say "the image's HEALTHCHECK command passes"

uid=$(awk '/^Uid:/ { print $2 }' "/proc/$node_pid/status")
[ "$uid" -ne 0 ] || fail "the server runs as root"
say "the server runs as uid $uid"

ip=$(node -e '
  const all = Object.values(require("os").networkInterfaces()).flat();
  const a = all.find((i) => i.family === "IPv4" && !i.internal);
  console.log(a ? a.address : "");
')
if [ -n "$ip" ]; then
  [ "$(http_get "http://$ip:$port/__sandbox/health" | head -n 1 | cut -d' ' -f1)" = 200 ] \
    || fail "no answer on $ip:$port: the server does not listen on 0.0.0.0"
  say "listens beyond loopback ($ip)"
fi

node -e '
  const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean);
  if (!lines.some((l) => { try { return typeof JSON.parse(l).level === "number"; } catch { return false; } })) process.exit(1);
' "$work/server.err" || fail "the server logs are not JSON lines"
say "logs are JSON"

# 5. SIGTERM, as `docker stop` sends to PID 1, and a clean exit.
kill -TERM "$node_pid"
deadline=$((SECONDS + 15))
while kill -0 "$run_pid" 2>/dev/null; do
  [ $SECONDS -lt $deadline ] || fail "still running 15s after SIGTERM"
  sleep 0.25
done
rc=0
wait "$run_pid" || rc=$?
run_pid=""
node_pid=""
[ "$rc" -eq 0 ] || fail "exited with status $rc after SIGTERM"
say "SIGTERM: exited 0"

echo "docker-check: ok, with buildah ($((SECONDS - START))s, image $size)"
