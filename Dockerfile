# syntax=docker/dockerfile:1
# The console and its web app in one image. The build stage installs dependencies, builds the web
# app and bundles the server into apps/server/dist/main.js (docs/decisions/0029-bundled-server.md).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && npm run build \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
# pg_dump, pg_restore and psql for `npm run backup` / `npm run restore` against PostgreSQL 15.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    MALLOC_MMAP_THRESHOLD_=131072 \
    NODE_COMPILE_CACHE=/tmp/node-compile-cache \
    PORT=8080 \
    DATA_DIR=/var/lib/roastery-console
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/packages ./packages
COPY --from=build --chown=root:root /app/apps/server ./apps/server
COPY --from=build --chown=root:root /app/apps/web/package.json ./apps/web/package.json
COPY --from=build --chown=root:root /app/apps/web/dist ./apps/web/dist
# The code belongs to root and cannot be changed by the process; only its data folder is its own.
RUN mkdir -p /var/lib/roastery-console && chown node:node /var/lib/roastery-console
USER node
VOLUME ["/var/lib/roastery-console"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=2", "apps/server/dist/main.js"]
