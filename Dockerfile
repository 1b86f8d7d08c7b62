# syntax=docker/dockerfile:1
#
# The site as one container: `docker build -t gtm-site .` then see compose.yaml.
# Two stages: `build` (dev dependencies, toolchain, compiles everything) and the
# runtime image (production dependencies and built files only, non-root).

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

# jemalloc (Debian's libjemalloc2) replaces glibc's malloc in the image: after a burst of leads,
# glibc kept 10-35 MB of freed native memory (V8's compiler zones, sockets) and jemalloc returns it
# within a second (MALLOC_CONF: one arena, pages handed back after 1 s). Measured on Node 26.10.0:
# 97-100 MB against 109-136 MB 10 s after the benchmarks (README, Performance -> Memory).
RUN apt-get update \
 && apt-get install -y --no-install-recommends libjemalloc2 \
 && rm -rf /var/lib/apt/lists/* \
 && ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2

# MALLOC_ARENA_MAX and the node flags in CMD keep the process small (README, Performance): the
# same as package.json's start script plus the image-only settings (jemalloc above, and
# --memory-saver-mode, which Node 20 does not know), as tests/performance/startCommand.test.ts checks.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_PATH=/app/data/leads.db \
    MALLOC_ARENA_MAX=2 \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=narenas:1,tcache:false,dirty_decay_ms:1000,muzzy_decay_ms:0

WORKDIR /app

# Owned by root and not writable by the `node` user (uid 1000) that runs the server.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist

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

# Node runs as PID 1 (the base image's entrypoint execs it) and handles SIGTERM
# itself: it stops accepting, finishes requests and alerts in flight, closes the
# database and exits 0. `init: true` (compose) or `docker run --init` adds tini.
STOPSIGNAL SIGTERM
# Image-only flags (Node 20, which `npm start` must also run on, lacks the first and has Maglev off):
# --memory-saver-mode: on Node 24 and 26, V8's memory reducer never starts after a burst (it reads an
#   allocation rate of exactly zero as "high", nodejs/node#66564), so a process kept its peak heap
#   while idle; this mode lets it run.
# --max-opt=2: Maglev is the top tier; TurboFan's compiler (code pages and compile memory) stays
#   out of the process: 105 -> 93 MB 10 s after the benchmarks, at 2.0x nginx's throughput instead of 2.7x.
CMD ["node", "--max-semi-space-size=1", "--heap-growing-percent=20", "--gc-memory-reducer-start-delay-ms=2000", "--memory-saver-mode", "--max-opt=2", "dist/server.js"]
