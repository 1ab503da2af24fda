# delivery-sandbox: the sandbox as a container.
#   docker build -t delivery-sandbox .
#   docker run --rm -p 127.0.0.1:4242:4242 -e DELIVERY_SANDBOX_SCENARIO=ci delivery-sandbox

# Build dist/ with the dev dependencies (TypeScript, esbuild), then stage what the CLI reads at run
# time: its bundles carry their dependencies, so no node_modules (scripts/stage-runtime.mjs).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
COPY dashboard ./dashboard
COPY openapi ./openapi
COPY scenarios ./scenarios
COPY fixtures ./fixtures
RUN npm run build && node scripts/stage-runtime.mjs /runtime

# The staged files in /app, as the image runs them, and Node's compile cache warmed for them: a
# start and its first answers, compiled here once. The cache is keyed by the files' paths and
# contents, Node's version (the same base image) and the user id: warmed as `node`, who runs the
# image. Then root's again: the runtime reads it and cannot change it (also with --read-only).
FROM node:24-slim AS warm
WORKDIR /app
COPY --from=build /runtime ./
COPY scripts/warm-compile-cache.mjs /tmp/
RUN mkdir .node-compile-cache && chown node:node .node-compile-cache
USER node
RUN NODE_COMPILE_CACHE=/app/.node-compile-cache node /tmp/warm-compile-cache.mjs
USER root
RUN chown -R root:root .node-compile-cache && chmod -R a+rX,go-w .node-compile-cache

# Runtime: the staged files and the warmed cache, in one layer (docs/docker.md#whats-in-the-image).
# Any Host is answered: behind a port mapping the sandbox cannot know the names it is reached by,
# and the container's network is the boundary (docs/security.md); narrow it with the variable.
FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production \
    NODE_COMPILE_CACHE=/app/.node-compile-cache \
    DELIVERY_SANDBOX_HOST=0.0.0.0 \
    DELIVERY_SANDBOX_PORT=4242 \
    DELIVERY_SANDBOX_LOG_FORMAT=json \
    DELIVERY_SANDBOX_ALLOWED_HOST=*
COPY --from=warm /app ./
# The app stays root-owned and read-only; /data is for --data (DELIVERY_SANDBOX_DATA=/data/state.json).
RUN mkdir /data && chown node:node /data
USER node
EXPOSE 4242
# The probe is bash alone (no curl in slim images): /dev/tcp, printf and read are builtins, so a
# probe costs one bash start (~2 ms of CPU) instead of a node start (~40 ms). The first probe runs
# one interval after the start, and Docker 20.10 (Debian 12) and 24 (Ubuntu 22.04) have no
# --start-interval (Docker 25+; 20.10 and buildah 1.28 reject the Dockerfile with it): a 1 s
# interval makes the container healthy 1-2 s after `docker run` on every engine. Five failed probes
# (~5 s) make it unhealthy; failures in the 20 s start period do not count (docs/docker.md).
HEALTHCHECK --interval=1s --timeout=1s --start-period=20s --retries=5 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${DELIVERY_SANDBOX_PORT:-4242} && printf 'GET /__sandbox/health HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n' >&3 && read -r -t 1 _ status _ <&3 && [ \"$status\" = 200 ]"]
STOPSIGNAL SIGTERM
# Exec form: node is PID 1 and gets SIGTERM itself; the CLI closes the server and exits 0.
CMD ["node", "dist/cli.js"]
