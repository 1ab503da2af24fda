#!/usr/bin/env bash
# An extra check of scripts/docker-check-engine.sh: the delivery-sandbox/testcontainers entry point
# against the image just built (DOCKER_CHECK_IMAGE, exported by docker-check).
set -euo pipefail
exec sh "$(dirname "${BASH_SOURCE[0]}")/../testcontainers-check.sh"
