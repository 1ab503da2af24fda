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
# No curl in slim images: node checks the health endpoint itself. Start-up takes under a second,
# and the first probe runs one interval after the start: a 3 s interval makes the container healthy
# within about 3 s, on every engine (only Docker 25+ knows --start-interval, which Docker 20.10 and
# buildah 1.28 reject). Three failed probes (~9 s) make it unhealthy; the 20 s start period keeps
# failures on a slow machine's start from counting. A probe costs a node start (~40 ms of CPU).
HEALTHCHECK --interval=3s --timeout=2s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.DELIVERY_SANDBOX_PORT||4242)+'/__sandbox/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# Exec form: node is PID 1 and gets SIGTERM itself; the CLI closes the server and exits 0.
CMD ["node", "dist/cli.js"]
