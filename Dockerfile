# delivery-sandbox: the sandbox as a container.
#   docker build -t delivery-sandbox .
#   docker run --rm -p 127.0.0.1:4242:4242 -e DELIVERY_SANDBOX_SCENARIO=ci delivery-sandbox

# Production dependencies only, from the lockfile, without lifecycle scripts.
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# Build dist/ with the dev dependencies (TypeScript).
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
RUN npm run build

# Runtime: the built code, production dependencies and the package's data files.
# Any Host is answered: behind a port mapping the sandbox cannot know the names it is reached by,
# and the container's network is the boundary (docs/security.md); narrow it with the variable.
FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production \
    DELIVERY_SANDBOX_HOST=0.0.0.0 \
    DELIVERY_SANDBOX_PORT=4242 \
    DELIVERY_SANDBOX_LOG_FORMAT=json \
    DELIVERY_SANDBOX_ALLOWED_HOST=*
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY openapi ./openapi
COPY scenarios ./scenarios
COPY fixtures ./fixtures
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
