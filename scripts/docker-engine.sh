# Sourced by .ci/run and scripts/docker-check-engine.sh: a Docker engine for CI, and the local
# stand-in base image in it. Functions only; nothing runs when sourced.
#   docker_engine_up      an engine that answers `docker info`: the one already running, or Debian's
#                         docker.io (installed with apt-get when docker/dockerd are missing) started
#                         here in the background. Sets DOCKER_ENGINE_PID to the dockerd it started
#                         (empty when it started none). Returns 1 when no engine answers.
#   docker_engine_down    stops the dockerd that docker_engine_up started, by its PID, and nothing else.
#   docker_base_image     loads node:24-slim into the engine when it lacks it and
#                         ../shared/docker/local-base-image.sh exists (no registry needed).
#   docker_bridge_gateway prints the address `host-gateway` names: the default bridge's gateway.

DOCKER_ENGINE_PID=""

docker_engine_up() {
  docker info >/dev/null 2>&1 && return 0
  if ! command -v docker >/dev/null 2>&1 || ! command -v dockerd >/dev/null 2>&1; then
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker.io >/dev/null || return 1
    docker info >/dev/null 2>&1 && return 0 # started by the package (systemd): not ours to stop
  fi
  local log=${TMPDIR:-/tmp}/dockerd-ci.$$.log
  dockerd >"$log" 2>&1 &
  DOCKER_ENGINE_PID=$!
  local i
  for i in $(seq 1 120); do
    docker info >/dev/null 2>&1 && return 0
    kill -0 "$DOCKER_ENGINE_PID" 2>/dev/null || break
    sleep 0.25
  done
  echo "docker engine: dockerd did not answer (log: $log)" >&2
  tail -n 5 "$log" >&2
  docker_engine_down
  return 1
}

docker_engine_down() {
  [ -n "$DOCKER_ENGINE_PID" ] || return 0
  if kill -0 "$DOCKER_ENGINE_PID" 2>/dev/null; then
    kill -TERM "$DOCKER_ENGINE_PID" 2>/dev/null || true
    local i
    for i in $(seq 1 80); do
      kill -0 "$DOCKER_ENGINE_PID" 2>/dev/null || break
      sleep 0.25
    done
    # Under `set -e` (as .ci/run sources this), a failed kill of an already-gone dockerd or a
    # non-zero status from wait must not end the caller: both are expected here.
    kill -KILL "$DOCKER_ENGINE_PID" 2>/dev/null || true
  fi
  wait "$DOCKER_ENGINE_PID" 2>/dev/null || true
  DOCKER_ENGINE_PID=""
  return 0
}

docker_base_image() {
  docker image inspect node:24-slim >/dev/null 2>&1 && return 0
  local script
  script=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/shared/docker/local-base-image.sh
  if [ ! -f "$script" ]; then
    echo "docker engine: no node:24-slim in the engine and no $script to build one" >&2
    return 1
  fi
  bash "$script" &&
    buildah --storage-driver vfs push docker.io/library/node:24-slim docker-daemon:node:24-slim >/dev/null
}

docker_bridge_gateway() {
  local config
  config=$(docker network inspect bridge -f '{{json .IPAM.Config}}') || return 1
  node "$(dirname "${BASH_SOURCE[0]}")/bridge-gateway.mjs" "$config"
}
