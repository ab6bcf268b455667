#!/usr/bin/env bash
# Bundles the Pi adapter in the current folder with tsdown (tsdown.adapter.config.ts; its build script
# runs this). tsdown 0.21 warns on Node older than 22.18 and its next minor drops those, while the
# project runs on Node 20.19+: so tsdown runs on the Node here when it is new enough, else on the
# Node 22 that provision-node22.sh keeps in .cache/node22 (the one the smoke run and real-Pi tests use).
# The bundle targets node20 either way (the config says so), so the output is the same.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 22 || (major === 22 && minor >= 18) ? 0 : 1)'; then
  tsdown_node_dir="$(dirname "$(command -v node)")"
else
  tsdown_node_dir="$(dirname "$(bash "$repo_root/scripts/provision-node22.sh")")"
fi

# The .bin shim starts tsdown with the first `node` on PATH.
PATH="$tsdown_node_dir:$PATH" exec "$repo_root/node_modules/.bin/tsdown" \
  -c "$repo_root/tsdown.adapter.config.ts" --log-level warn "$@"
