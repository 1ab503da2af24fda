#!/usr/bin/env bash
# Builds the Docker image from the Dockerfile as it is and checks it:
#   - with a Docker engine (`docker info` answers; .ci/run starts one): scripts/docker-check-engine.sh,
#     both builders, docker run/inspect/stop/start, webhooks to the host, the docs' services recipes,
#     then the extra checks of scripts/docker-check.d/ and DOCKER_CHECK_EXTRA;
#   - where no engine can start: scripts/docker-check-buildah.sh, with buildah (as root) and the local
#     stand-in base image of ../shared/docker/local-base-image.sh.
# The last line says which ran: `docker-check: ok, with the Docker engine …`, `docker-check: ok, with
# buildah …`, or `docker-check: skipped` (neither an engine nor the base-image script).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

if docker info >/dev/null 2>&1; then
  exec bash "$here/docker-check-engine.sh"
fi
echo "docker-check: no Docker engine answers (docker info); falling back to buildah"
exec bash "$here/docker-check-buildah.sh"
