# syntax=docker/dockerfile:1
# The shop's container image (ADR 063): Node 24 LTS on Debian 12, as production runs it. Two targets from one file:
# - `builder`: sources and every package (the build needs TypeScript and Next's compiler). Its command is the
#   release (`node scripts/release.mjs`): migrate the database under the release lock, then build, since the build
#   prerenders pages from the migrated database and so cannot run at `docker build` time, when there is none.
#   compose.yaml runs it once as the `release` service, writing the build into a volume;
# - `runtime` (the default): the same sources with production packages only, serving the build it finds in that
#   volume (`node scripts/start.mjs` with NODE_ENV=production never builds; it refuses a build that was not
#   released for its database, ADR 026). It runs as the unprivileged `node` user and holds no secret: every
#   setting comes from the environment at run time.

FROM node:24-bookworm-slim AS base
# pg_dump/pg_restore for `npm run backup` and `npm run restore` against PostgreSQL; tini reaps and forwards signals,
# so SIGTERM reaches server.mjs and drains it (ADR 027).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data

FROM base AS deps-all
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --include=dev

FROM base AS deps-production
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --omit=dev

FROM base AS builder
ARG RELEASE_COMMIT=unknown
ENV RELEASE_COMMIT=${RELEASE_COMMIT}
COPY --from=deps-all /app/node_modules ./node_modules
COPY . .
RUN mkdir -p /app/.next /data && chown node:node /app/.next /data
USER node
CMD ["tini", "--", "node", "scripts/release.mjs"]

FROM base AS runtime
ARG RELEASE_COMMIT=unknown
ENV RELEASE_COMMIT=${RELEASE_COMMIT} NODE_ENV=production
COPY --from=deps-production /app/node_modules ./node_modules
COPY . .
RUN mkdir -p /app/.next /data && chown node:node /app/.next /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["tini", "--", "node", "--max-old-space-size=640", "scripts/start.mjs"]
