#!/bin/sh
# delivery-sandbox/testcontainers on a real Docker engine: starts DeliverySandboxContainer from a
# built image (test/docker/testcontainers.docker.ts), creates an order and a named sandbox through
# the handle, and stops it. docker-check runs it after the build:
#   DOCKER_CHECK_IMAGE=<the image just built> scripts/testcontainers-check.sh
# The image must be on the machine: Testcontainers pulls only an image it does not find.
# Ryuk, Testcontainers' reaper container, comes from a registry (testcontainers/ryuk): off by
# default here, since the check stops its own container and a machine without a registry cannot
# pull it; TESTCONTAINERS_RYUK_DISABLED=false turns it back on.
set -eu
cd "$(dirname "$0")/.."
if [ -z "${DOCKER_CHECK_IMAGE:-}" ]; then
  echo "testcontainers-check: set DOCKER_CHECK_IMAGE to the image to check (e.g. delivery-sandbox:latest)" >&2
  exit 2
fi
if ! docker image inspect "$DOCKER_CHECK_IMAGE" >/dev/null 2>&1; then
  echo "testcontainers-check: no image $DOCKER_CHECK_IMAGE on this engine: build it first" >&2
  exit 2
fi
export DOCKER_CHECK_IMAGE
export TESTCONTAINERS_RYUK_DISABLED="${TESTCONTAINERS_RYUK_DISABLED:-true}"
npx vitest run --config vitest.docker.config.ts
echo "testcontainers-check: ok"
