# syntax=docker/dockerfile:1
#
# The site as one container: `docker build -t gtm-site .` then see compose.yaml.
# Two stages: `build` (dev dependencies, toolchain, compiles everything) and the
# runtime image (production dependencies and built files only, non-root).
# After each deployment, prove the alerts reach the owner:
#   docker compose exec site node dist/cli.js test-alerts   (exit 0: both providers accepted)

# Node 26 (the current LTS line), pinned to a release; bump it deliberately.
ARG NODE_IMAGE=node:26.10.0-bookworm-slim

# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build

# better-sqlite3 compiles from source when no prebuilt binary fits this Node:
# it needs python3, make and a C++ compiler (the slim image has none of them).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app

# node-gyp builds against the headers the base image ships in /usr/local/include/node
# instead of downloading them (works offline too). npm 11 prints a harmless
# 'Unknown env config "nodedir"' warning: node-gyp reads the variable itself.
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false

# Optional: a CA bundle for npm behind a TLS-intercepting proxy, e.g.
#   podman build -v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/host-ca.crt:ro \
#     --build-arg NODE_EXTRA_CA_CERTS=/etc/ssl/host-ca.crt .
# Empty (the default) changes nothing.
ARG NODE_EXTRA_CA_CERTS=""

# Dependencies first: this layer is reused until package*.json change.
COPY package.json package-lock.json ./
RUN npm ci

COPY tsconfig.json ./
COPY scripts ./scripts
COPY client ./client
COPY src ./src

# Server bundle (dist/server.js, dist/cli.js) and the content-hashed browser
# files (dist/public/assets), then drop dev dependencies and the native build's
# intermediate files (the compiled better_sqlite3.node stays).
RUN node scripts/build.mjs --clean \
 && npm prune --omit=dev \
 && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
           node_modules/better-sqlite3/build/deps node_modules/better-sqlite3/build/Release/obj \
           node_modules/better-sqlite3/build/Release/obj.target node_modules/better-sqlite3/build/Release/.deps \
           node_modules/better-sqlite3/build/Release/sqlite3.a node_modules/better-sqlite3/build/Release/test_extension.node \
 && node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"

# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime

# jemalloc (Debian's libjemalloc2), linked where bin/start-server looks for it: the start script
# preloads it instead of glibc's malloc whenever the file is there.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libjemalloc2 \
 && rm -rf /var/lib/apt/lists/* \
 && ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/app/data/leads.db

WORKDIR /app

# Owned by root and not writable by the `node` user (uid 1000) that runs the server.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY bin ./bin

# The only writable place: the SQLite database (and its -wal/-shm files).
RUN mkdir -p /app/data \
 && chown node:node /app/data \
 && chmod 0700 /app/data

USER node
VOLUME ["/app/data"]
EXPOSE 3000

# Node's fetch, so the image needs no curl. 200 only when the database answers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz',{signal:AbortSignal.timeout(4000)}).then((r)=>process.exit(r.status===200?0:1),()=>process.exit(1))"]

# bin/start-server picks the node flags and allocator settings (the same file `npm start` runs)
# and execs node, so node is PID 1 (the base image's entrypoint execs the CMD) and handles SIGTERM
# itself: it stops accepting, finishes requests and alerts in flight, closes the database and
# exits 0. `init: true` (compose) or `docker run --init` adds tini.
STOPSIGNAL SIGTERM
CMD ["sh", "bin/start-server"]
