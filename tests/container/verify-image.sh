#!/usr/bin/env bash
# Builds the Docker image from ./Dockerfile and proves it by running it.
#
#   bash tests/container/verify-image.sh        (from the repository root; .ci/run calls it after npm test)
#
# Engine: a Docker engine when `docker info` answers; otherwise podman (installed with
# apt-get when missing and running as root), set up as ../shared/notes/containers-here.md
# describes: runc, ulimits this sandbox allows, its own storage (--root/--runroot), --pull=never.
# Base image: node:<version>-bookworm-slim as pinned in the Dockerfile. When it is not local and
# cannot be pulled, a LOCAL STAND-IN is built under the same name (build-standin-base.sh) and the
# script says so loudly: the image then is the project's image on a look-alike base, not on the
# official one.
#
# Checks against the running container (one PASS/FAIL line each, exit 1 on any FAIL):
# the image's config (user, volume, port, health check), production files only, GET / and a 404,
# a built asset, non-root server process, jemalloc and the image-only V8 flags in force, read-only
# application files and writable /app/data,
# health check turns healthy, a lead posted over HTTP is in the database, `stop` ends it quickly
# with exit code 0, the database survives removing and re-creating the container (second run
# as compose.yaml runs it: --init, read-only root, no capabilities, .env.example as env file),
# the CLI exports the stored lead and takes a backup, the lead's e-mail is not in the logs.
#
# Leaves nothing running. Removes its containers and volume always. Kept on purpose, for speed:
#   - the stand-in base tarball:            $CACHE/standin-*.tar
#   - with podman, its private image store: $CACHE/podman-store (the stand-in base, the built
#     image localhost/gtm-site:verify, its build stage localhost/gtm-site:verify-build and the
#     layer cache; older build chains are pruned each run). VERIFY_FRESH_STORE=1 uses a
#     temporary store instead and deletes it at the end.
#   - with a Docker engine: nothing (the built image is removed, and a stand-in base imported
#     into the engine is removed too, so it can never shadow the official image later).
# CACHE is $GTM_STANDIN_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/gtm-site-standin.
# `rm -rf` that folder to start cold.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"

started_ns=$(date +%s%N)
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
secs() { awk -v ms="$1" 'BEGIN { printf "%.1f s", ms / 1000 }'; }
say() { printf '\n== %s\n' "$*"; }

results=()
failures=0
pass() { printf 'PASS  %s\n' "$1"; results+=("PASS  $1"); }
fail() {
  printf 'FAIL  %s\n' "$1"
  if [ -n "${2:-}" ]; then head -n 30 <<<"$2" | sed 's/^/      /'; fi
  results+=("FAIL  $1")
  failures=$((failures + 1))
}
timings=()
timing() { timings+=("$(printf '%-34s %s' "$1" "$2")"); }

from_arg=$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile | head -n 1)
[ -n "$from_arg" ] || { echo "verify-image: no 'ARG NODE_IMAGE=' line in Dockerfile" >&2; exit 1; }
node_version=$(printf '%s' "$from_arg" | sed -n 's/^node:\([0-9][0-9.]*\)-bookworm-slim$/\1/p')
# The fully qualified name a real pull of the Dockerfile's FROM gives (docker.io/library/...).
case "$from_arg" in */*) base_image=$from_arg ;; *) base_image=docker.io/library/$from_arg ;; esac
npm_version=${STANDIN_NPM_VERSION:-11.19.1} # the npm bundled with node 26.10.0
image=${VERIFY_IMAGE:-localhost/gtm-site:verify}
cache=${GTM_STANDIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gtm-site-standin}
run_id="gtm-verify-$$"
ctr_a="$run_id-a"
ctr_b="$run_id-b"
volume="$run_id-data"
work=$(mktemp -d "${TMPDIR:-/tmp}/gtm-verify.XXXXXX")
mkdir -p "$cache"

command -v curl >/dev/null || { echo "verify-image: curl is needed on the host (apt-get install -y curl)" >&2; exit 1; }

# ---------------------------------------------------------------------------- compose.yaml
# Static check (no compose tool needed): the example keeps what the deployment relies on.
if command -v python3 >/dev/null && python3 -c 'import yaml' 2>/dev/null; then
  if out=$(python3 - <<'EOF' 2>&1
import yaml
site = yaml.safe_load(open("compose.yaml"))["services"]["site"]
problems = []
if site.get("ports") != ["127.0.0.1:3000:3000"]: problems.append("ports must be ['127.0.0.1:3000:3000']")
if not any(str(v).endswith(":/app/data") for v in site.get("volumes", [])): problems.append("no volume at /app/data")
if site.get("init") is not True: problems.append("init: true missing")
if site.get("restart") != "unless-stopped": problems.append("restart must be unless-stopped")
if not site.get("env_file"): problems.append("env_file missing")
if "healthcheck" in site: problems.append("healthcheck should be inherited from the image")
print("; ".join(problems))
raise SystemExit(1 if problems else 0)
EOF
  ); then
    pass "compose.yaml: localhost port, /app/data volume, init, restart policy, env file, image health check"
  else
    fail "compose.yaml keeps the deployment settings" "$out"
  fi
else
  echo "SKIP  compose.yaml static check (python3 with PyYAML not installed)"
fi

# ---------------------------------------------------------------------------- engine
engine=""
store=""
if command -v docker >/dev/null && timeout 20 docker info >/dev/null 2>&1; then
  engine=docker
  engine_cmd=(docker)
else
  if ! command -v podman >/dev/null || ! command -v runc >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      say "no Docker engine and no podman: installing podman and runc with apt-get"
      apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc >/dev/null
    else
      echo "verify-image: no Docker engine answers and podman/runc are missing (apt-get install -y podman runc)" >&2
      exit 1
    fi
  fi
  engine=podman
  # crun fails here ("cgroups in hybrid mode not supported") and default ulimits cannot be raised.
  cat >"$work/containers.conf" <<'EOF'
[containers]
default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]
[engine]
runtime = "runc"
EOF
  export CONTAINERS_CONF="$work/containers.conf"
  if [ "${VERIFY_FRESH_STORE:-0}" = 1 ]; then store="$work/store"; else store="$cache/podman-store"; fi
  # The run root holds only this run's state (locks, mounts). It sits in the store when that
  # path is short enough: podman refuses a run root longer than 50 characters.
  runroot="$store/runroot"
  [ "${#runroot}" -le 50 ] || runroot=/tmp/gtm-podman-run-$(id -u)$([ "$store" = "$cache/podman-store" ] || echo "-$$")
  mkdir -p "$store/root" "$runroot"
  engine_cmd=(podman --root "$store/root" --runroot "$runroot")
  # A kept store remembers the run root it was made with and refuses any other. It is only a
  # cache (the stand-in tarball is kept apart), so a store that refuses is started afresh.
  store_check=$(podman --root "$store/root" --runroot "$runroot" info 2>&1 || true)
  if [[ $store_check == *"database configuration mismatch"* ]]; then
    say "the kept podman store was made with another run root: starting it afresh"
    grep -q " $store/root/overlay " /proc/mounts 2>/dev/null && umount "$store/root/overlay" 2>/dev/null
    rm -rf "$store/root" && mkdir -p "$store/root"
  fi
fi
E() { "${engine_cmd[@]}" "$@"; }

standin_imported_here=0
cleanup() {
  local rc=$?
  set +e
  E rm -f -t 0 "$ctr_a" "$ctr_b" >/dev/null 2>&1 || E rm -f "$ctr_a" "$ctr_b" >/dev/null 2>&1
  E volume rm -f "$volume" >/dev/null 2>&1
  if [ "$engine" = docker ]; then
    E rmi -f "$image" >/dev/null 2>&1
    [ "$standin_imported_here" = 1 ] && E rmi -f "$base_image" >/dev/null 2>&1
  elif [ "${VERIFY_FRESH_STORE:-0}" = 1 ]; then
    E system reset -f >/dev/null 2>&1
    grep -q " $store/root/overlay " /proc/mounts 2>/dev/null && umount "$store/root/overlay" 2>/dev/null
    rm -rf "$runroot"
  fi
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "engine: $engine$([ -n "$store" ] && echo " (runc, storage $store)")"

# ---------------------------------------------------------------------------- base image
standin=0
if E image inspect "$base_image" >/dev/null 2>&1; then
  :
elif E pull "$base_image" >"$work/pull.log" 2>&1; then
  echo "pulled $base_image"
else
  echo "cannot pull $base_image: $(tail -n 1 "$work/pull.log")"
  [ -n "$node_version" ] || { echo "verify-image: cannot derive the Node version from $base_image for a stand-in" >&2; exit 1; }
  tarball="$cache/standin-node-$node_version-npm-$npm_version-bookworm-minbase.tar"
  if [ ! -f "$tarball" ]; then
    command -v debootstrap >/dev/null || {
      if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null 2>&1 ||
          { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
      fi
    }
    t=$(date +%s%N)
    bash "$here/build-standin-base.sh" "$tarball" "$node_version" "$npm_version"
    timing "stand-in base built" "$(secs "$(ms_since "$t")")"
  else
    echo "stand-in base tarball from cache: $tarball"
  fi
  t=$(date +%s%N)
  E import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$node_version" \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'CMD ["node"]' \
    "$tarball" "$base_image" >"$work/import.log" 2>&1 || { cat "$work/import.log" >&2; exit 1; }
  standin_imported_here=1
  timing "stand-in base imported" "$(secs "$(ms_since "$t")")"
fi
# The stand-in carries /etc/gtm-standin-base; the official image does not.
if E run --rm --pull=never --entrypoint cat "$base_image" /etc/gtm-standin-base >"$work/standin.txt" 2>/dev/null; then
  standin=1
  cat <<EOF

  ############################################################################
  #  USING A LOCAL STAND-IN FOR $base_image
  #  The official image could not be pulled (no registry access here).
  #  $(cat "$work/standin.txt")
  #  The Dockerfile is unchanged; image size and timings are indicative only.
  ############################################################################
EOF
fi

# ---------------------------------------------------------------------------- build
say "building $image from Dockerfile"
old_id=$(E image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
build_args=()
if [ "$engine" = podman ]; then
  build_args+=(--format docker --pull=never) # docker format keeps HEALTHCHECK; OCI drops it
  # TLS-intercepting proxy: npm inside the build needs the host's CA bundle (an empty default
  # in the Dockerfile, so it stays standard).
  if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    build_args+=(-v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/host-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/etc/ssl/host-ca.crt)
  fi
fi
# Prefixes each line with the seconds since the build started (per-step timings below).
stamp() {
  local start=${EPOCHREALTIME/./} now line
  while IFS= read -r line; do
    now=${EPOCHREALTIME/./}
    printf '%6d.%d %s\n' $(((now - start) / 1000000)) $((((now - start) / 100000) % 10)) "$line"
  done
}
t=$(date +%s%N)
# podman: the build stage is tagged too ($image-build), so `image prune` below can drop the
# chains of earlier builds without losing the layer cache of this one (npm ci, native build).
build_ok=1
if [ "$engine" = podman ]; then
  timeout 900 "${engine_cmd[@]}" build "${build_args[@]}" --target build -t "$image-build" . 2>&1 | stamp >"$work/build.log" || build_ok=0
fi
if [ "$build_ok" = 1 ] && timeout 900 "${engine_cmd[@]}" build "${build_args[@]}" -t "$image" . 2>&1 | stamp >>"$work/build.log"; then
  build_ms=$(ms_since "$t")
  cp "$work/build.log" "$cache/last-build.log" 2>/dev/null || true
  if awk '!found && /STEP [0-9]+\/[0-9]+: RUN npm ci/ { getline; found = 1; cached = /Using cache/ } END { exit !(found && cached) }' "$work/build.log"; then
    kind="cached: npm ci layer reused"
  else
    kind="npm ci and native build ran"
  fi
  pass "image builds ($(secs "$build_ms"), $kind)"
  timing "image build ($kind)" "$(secs "$build_ms")"
  # Steps that took 3 s or more (the log's first column is seconds since that build started).
  awk '
    function flush(at) { if (step != "" && at - began >= 3) printf "      %5.1f s  %s\n", at - began, substr(step, 1, 90) }
    / STEP [0-9]+\/[0-9]+: / { flush($1); step = $0; sub(/^ *[0-9.]+ /, "", step); began = $1; next }
    / COMMIT / { flush($1); step = "" }
  ' "$work/build.log"
else
  fail "image builds" "$(tail -n 40 "$work/build.log")"
  exit 1
fi
new_id=$(E image inspect --format '{{.Id}}' "$image")
if [ -n "$old_id" ] && [ "$old_id" != "$new_id" ]; then E rmi "$old_id" >/dev/null 2>&1 || true; fi
[ "$engine" = podman ] && { E image prune -f >/dev/null 2>&1 || true; }
size_bytes=$(E image inspect --format '{{.Size}}' "$image")
base_bytes=$(E image inspect --format '{{.Size}}' "$base_image")
timing "image size" "$((size_bytes / 1000000)) MB (base $((base_bytes / 1000000)) MB + app $(((size_bytes - base_bytes) / 1000000)) MB)"

# ---------------------------------------------------------------------------- image config
cfg=$(E image inspect --format 'user={{.Config.User}} volumes={{json .Config.Volumes}} ports={{json .Config.ExposedPorts}} health={{json .Config.Healthcheck}} env={{json .Config.Env}}' "$image")
missing=""
for want in 'user=node ' '"/app/data"' '"3000/tcp"' '"CMD","node"' '/healthz' '"NODE_ENV=production"' '"HOST=0.0.0.0"' '"PORT=3000"' '"DATABASE_PATH=/app/data/leads.db"'; do
  case "$cfg" in *"$want"*) ;; *) missing="$missing $want" ;; esac
done
if [ -z "$missing" ]; then pass "image config: USER node, VOLUME /app/data, EXPOSE 3000, node HEALTHCHECK on /healthz, ENV"; else fail "image config" "missing:$missing"$'\n'"$cfg"; fi
# The start settings live in bin/start-server only (the file `npm start` runs): CMD runs it.
cmd=$(E image inspect --format '{{json .Config.Cmd}}' "$image")
if [ "$cmd" = '["sh","bin/start-server"]' ]; then pass "image CMD runs bin/start-server"; else fail "image CMD runs bin/start-server" "CMD: $cmd"; fi

# ---------------------------------------------------------------------------- helpers
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})" 2>/dev/null || echo 18437)
base_url="http://127.0.0.1:$port"
run_flags=(-d -p "127.0.0.1:$port:3000" -v "$volume:/app/data")
[ "$engine" = podman ] && run_flags+=(--pull=never)
# Docker runs the image's HEALTHCHECK on its own timer: a short interval makes the wait short.
# Podman without systemd runs no timer: the script runs the image's check with `healthcheck run`.
[ "$engine" = docker ] && run_flags+=(--health-interval=1s)

start_container() { # name [extra run flags...]
  local name=$1
  shift
  E run "${run_flags[@]}" "$@" --name "$name" "$image" >"$work/run-$name.log" 2>&1 || {
    cat "$work/run-$name.log" >&2
    return 1
  }
}

wait_healthy() { # name -> prints ms from the call to healthy, returns 1 after 60 s
  local name=$1 t status
  t=$(date +%s%N)
  while [ "$(ms_since "$t")" -lt 60000 ]; do
    if [ "$engine" = podman ]; then
      E healthcheck run "$name" >/dev/null 2>&1 || true
    fi
    status=$(E inspect --format '{{.State.Health.Status}}' "$name" 2>/dev/null || true)
    if [ "$status" = healthy ]; then
      ms_since "$t"
      return 0
    fi
    [ "$(E inspect --format '{{.State.Running}}' "$name" 2>/dev/null)" = true ] || return 1
    sleep 0.2
  done
  return 1
}

http() { # method path [json body] -> sets http_status, body in $work/body
  local method=$1 path=$2 data=${3:-}
  local args=(-sS -o "$work/body" -w '%{http_code}' --max-time 15 -X "$method")
  [ -n "$data" ] && args+=(-H 'Content-Type: application/json' -H 'Accept: application/json' --data "$data")
  http_status=$(curl "${args[@]}" "$base_url$path" 2>"$work/curl.err") || http_status="000 ($(cat "$work/curl.err"))"
}

# Counts rows, in any table of a database in the container, that hold the value exactly.
count_in_db() { # container value [database path, default $DATABASE_PATH of the image]
  local env=()
  [ -n "${3:-}" ] && env=(-e "DATABASE_PATH=$3")
  E exec "${env[@]}" "$1" node -e '
    const Database = require("better-sqlite3");
    const db = new Database(process.env.DATABASE_PATH, { readonly: true, fileMustExist: true });
    if (process.argv[2] === "integrity" && db.pragma("integrity_check", { simple: true }) !== "ok") throw new Error("integrity_check failed");
    let n = 0;
    // Virtual tables left out: the search index reads its rows from the leads table, so it would count them twice.
    for (const { name } of db.prepare("select name from sqlite_master where type = ? and sql not like ?").all("table", "CREATE VIRTUAL TABLE%")) {
      for (const row of db.prepare(`select * from "${name.replaceAll("\"", "\"\"")}"`).all()) {
        if (Object.values(row).includes(process.argv[1])) n++;
      }
    }
    console.log(n);
  ' "$2" "${4:-}" 2>&1
}

stop_container() { # name label -> checks time and exit code
  local name=$1 label=$2 t ms code
  t=$(date +%s%N)
  E stop -t 10 "$name" >/dev/null 2>&1 || true
  ms=$(ms_since "$t")
  code=$(E inspect --format '{{.State.ExitCode}}' "$name" 2>/dev/null || echo '?')
  timing "stop ($label)" "$(secs "$ms"), exit code $code"
  if [ "$code" = 0 ] && [ "$ms" -lt 5000 ]; then
    pass "stop ($label) ends the server in $(secs "$ms") with exit code 0"
  else
    fail "stop ($label) ends the server in well under 10 s with exit code 0" "took $(secs "$ms"), exit code $code; last log lines:"$'\n'"$(E logs --tail 8 "$name" 2>&1)"
  fi
}

# ---------------------------------------------------------------------------- container A
say "running container A (node as PID 1, no init) on $base_url, volume $volume"
E volume create "$volume" >/dev/null
t=$(date +%s%N)
start_container "$ctr_a"
if ms=$(wait_healthy "$ctr_a"); then
  total=$(ms_since "$t")
  pass "health check turns healthy ($(secs "$total") after start)"
  timing "start to healthy (A, fresh volume)" "$(secs "$total")"
else
  fail "health check turns healthy within 60 s" "status: $(E inspect --format '{{.State.Status}} health={{.State.Health.Status}}' "$ctr_a" 2>&1)"$'\n'"$(E logs --tail 15 "$ctr_a" 2>&1)"
fi

http GET /
if [ "$http_status" = 200 ] && grep -q 'How I Can Help' "$work/body"; then
  pass "GET / answers 200 with the page ('How I Can Help')"
else
  fail "GET / answers 200 with the page" "status $http_status"
fi
asset=$(grep -o '/assets/site-[A-Za-z0-9_-]*\.css' "$work/body" | head -n 1 || true)
if [ -n "$asset" ]; then
  http GET "$asset"
  if [ "$http_status" = 200 ]; then pass "built CSS $asset is served (200)"; else fail "built CSS $asset is served" "status $http_status"; fi
else
  fail "the page links its built CSS (/assets/site-*.css)"
fi
http GET /no-such-page-verify
if [ "$http_status" = 404 ] && grep -q 'Oops! Page not found' "$work/body"; then
  pass "GET /no-such-page-verify answers 404 with the not-found page"
else
  fail "unknown path answers 404" "status $http_status"
fi
http GET /healthz
if [ "$http_status" = 200 ] && grep -q '"status":"ok"' "$work/body"; then
  pass "GET /healthz answers 200 {\"status\":\"ok\"}"
else
  fail "GET /healthz answers 200 {\"status\":\"ok\"}" "status $http_status: $(head -c 200 "$work/body")"
fi

# Non-root: the uid of the process running dist/server.js (PID 1 here), read from /proc.
uids=$(E exec "$ctr_a" sh -c 'for p in /proc/[0-9]*; do if tr "\0" " " <"$p/cmdline" 2>/dev/null | grep -q "dist/server.js"; then awk "/^Uid:/ {print \$2}" "$p/status"; fi; done' 2>&1 || true)
# Here-strings, not `printf | grep -q`: bash's printf writes a line at a time, so grep -q may exit on the first
# line while printf still writes, and under pipefail printf's SIGPIPE fails a check that matched (seen once on CI).
if [ -n "$uids" ] && ! grep -qx 0 <<<"$uids" && grep -qx '[0-9][0-9]*' <<<"$uids"; then
  pass "the server process runs as a non-root user (uid $(printf '%s' "$uids" | head -n 1))"
else
  fail "the server process runs as a non-root user" "uids: $uids"
fi

# bin/start-server's settings are in force in the server process, which is PID 1 (the script execs
# node): jemalloc mapped in (not glibc's malloc), and the Node 24+ V8 flags on its command line.
memset=$(E exec "$ctr_a" sh -c 'for p in /proc/[0-9]*; do if tr "\0" " " <"$p/cmdline" 2>/dev/null | grep -q "dist/server.js"; then
    echo "pid ${p#/proc/}"; grep -q libjemalloc "$p/maps" && echo jemalloc; tr "\0" "\n" <"$p/cmdline" | grep -x -e "--memory-saver-mode" -e "--max-opt=2"; awk "/^VmRSS:/ {print \$2 \" kB\"}" "$p/status"; fi; done' 2>&1 || true)
if grep -qx 'pid 1' <<<"$memset" && grep -qx jemalloc <<<"$memset" && grep -qx -- '--memory-saver-mode' <<<"$memset" && grep -qx -- '--max-opt=2' <<<"$memset"; then
  pass "the server is PID 1 with jemalloc, --memory-saver-mode and --max-opt=2 (resident now: $(grep -m 1 ' kB$' <<<"$memset"))"
else
  fail "the server is PID 1 with jemalloc, --memory-saver-mode and --max-opt=2" "$memset"
fi

perm=$(E exec "$ctr_a" sh -c '
  for f in /app /app/dist /app/node_modules /app/node_modules/better-sqlite3; do
    if touch "$f/.verify-write" 2>/dev/null; then echo "WRITABLE $f"; rm -f "$f/.verify-write"; fi
  done
  for f in /app/package.json /app/dist/server.js; do [ -w "$f" ] && echo "WRITABLE $f"; done
  if touch /app/data/.verify-write 2>/dev/null; then rm -f /app/data/.verify-write; else echo "NOT WRITABLE /app/data"; fi
  true' 2>&1 || true)
if [ -z "$perm" ]; then
  pass "application files are read-only to the server's user; /app/data is writable"
else
  fail "application files read-only, /app/data writable" "$perm"
fi

prod=$(E exec "$ctr_a" sh -c '
  for f in /app/src /app/tests /app/client /app/scripts /app/.git /app/.env /app/node_modules/typescript /app/node_modules/esbuild /app/node_modules/tsx /app/node_modules/playwright-core; do
    [ -e "$f" ] && echo "present: $f"
  done
  [ -f /app/dist/server.js ] || echo "missing: /app/dist/server.js"
  [ -f /app/dist/public/assets/manifest.json ] || echo "missing: /app/dist/public/assets/manifest.json"
  true' 2>&1 || true)
if [ -z "$prod" ]; then
  pass "runtime image holds built files and production dependencies only (no sources, tests, dev tools)"
else
  fail "runtime image holds built files and production dependencies only" "$prod"
fi

lead_email="verify-$(date +%s)-$$@example.com"
lead_json="{\"name\":\"Image Verifier\",\"company\":\"Container Check Ltd\",\"email\":\"$lead_email\"}"
http POST /functions/v1/process-lead-notification "$lead_json"
if [ "$http_status" = 200 ] && grep -q '"success":true' "$work/body"; then
  pass "POST /functions/v1/process-lead-notification (JSON) answers 200 success:true"
else
  fail "POST /functions/v1/process-lead-notification answers 200 success:true" "status $http_status: $(head -c 300 "$work/body")"
fi
n=$(count_in_db "$ctr_a" "$lead_email" || true)
if [ "$n" = 1 ]; then
  pass "the posted lead is in the SQLite database at /app/data/leads.db"
else
  fail "the posted lead is in the database" "rows holding $lead_email: $n"
fi

stop_container "$ctr_a" "A, node as PID 1, SIGTERM"
E logs "$ctr_a" >"$work/logs-a.txt" 2>&1 || true

# ---------------------------------------------------------------------------- container B
say "removing A, running container B on the same volume as compose.yaml runs it (--init, --read-only, no capabilities, .env.example as env file)"
E rm "$ctr_a" >/dev/null 2>&1 || E rm -f "$ctr_a" >/dev/null
t=$(date +%s%N)
start_container "$ctr_b" --init --read-only --tmpfs /tmp:size=16m --cap-drop ALL --security-opt no-new-privileges --env-file .env.example
if ms=$(wait_healthy "$ctr_b"); then
  total=$(ms_since "$t")
  timing "start to healthy (B, existing db)" "$(secs "$total")"
  pass "re-created container turns healthy ($(secs "$total"))"
else
  fail "re-created container turns healthy within 60 s" "$(E logs --tail 15 "$ctr_b" 2>&1)"
fi
n=$(count_in_db "$ctr_b" "$lead_email" || true)
if [ "$n" = 1 ]; then
  pass "the database survives removing and re-creating the container (lead still there, once)"
else
  fail "the database survives re-creating the container" "rows holding $lead_email: $n"
fi

# CLI: the agreed commands are `node dist/cli.js export --format json` and `node dist/cli.js backup <file>`.
if E exec "$ctr_b" test -f dist/cli.js >/dev/null 2>&1; then
  if E exec "$ctr_b" node dist/cli.js export --format json >"$work/export.json" 2>"$work/export.err" \
    && grep -q "$lead_email" "$work/export.json"; then
    pass "CLI: node dist/cli.js export --format json exports the stored lead"
  else
    fail "CLI: node dist/cli.js export --format json exports the stored lead" "$(cat "$work/export.err")"$'\n'"$(head -c 400 "$work/export.json")"
  fi
  if E exec "$ctr_b" node dist/cli.js backup /app/data/verify-backup.db >"$work/backup.out" 2>&1 \
    && n=$(count_in_db "$ctr_b" "$lead_email" /app/data/verify-backup.db integrity) && [ "$n" = 1 ]; then
    pass "CLI: node dist/cli.js backup <file> writes a consistent copy (integrity ok) holding the lead"
  else
    fail "CLI: node dist/cli.js backup <file> writes a consistent copy holding the lead" "$(cat "$work/backup.out")"$'\n'"${n:-}"
  fi
  E exec "$ctr_b" rm -f /app/data/verify-backup.db >/dev/null 2>&1 || true
else
  fail "CLI: node dist/cli.js export --format json exports the stored lead" "dist/cli.js is not in the image (src/cli.ts missing when the image was built)"
  fail "CLI: node dist/cli.js backup <file> writes a consistent copy holding the lead" "dist/cli.js is not in the image"
fi

stop_container "$ctr_b" "B, --init, read-only"
E logs "$ctr_b" >"$work/logs-b.txt" 2>&1 || true
if grep -q "$lead_email" "$work/logs-a.txt" "$work/logs-b.txt"; then
  fail "the lead's e-mail address does not appear in the container logs (info level)"
else
  pass "the lead's e-mail address does not appear in the container logs (info level)"
fi

# ---------------------------------------------------------------------------- summary
timing "verify-image.sh total" "$(secs "$(ms_since "$started_ns")")"
say "summary ($engine, base $base_image$([ "$standin" = 1 ] && echo ', LOCAL STAND-IN base'))"
printf '%s\n' "${results[@]}"
echo
printf '%s\n' "${timings[@]}"
echo
passed=$(( ${#results[@]} - failures ))
echo "container: $passed passed, $failures failed"
[ "$failures" = 0 ]
