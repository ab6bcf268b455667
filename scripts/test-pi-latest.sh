#!/usr/bin/env bash
# `pnpm test:pi-latest`: runs the host contract, both adapters and the agent-state-pi e2e against the newest release of the
# current Pi scope, installed now into .cache/pi-latest/<version>. Deliberately not part of CI: a new
# Pi release must not break CI on its own; CI runs the release lines listed in the testkit's host facts.
set -euo pipefail

# The scope of the newest listed release line (PI_RELEASE_LINES in @j1nn0/pi-testkit/host-facts).
PI_PACKAGE="@earendil-works/pi-coding-agent"
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

version="$(npm view "$PI_PACKAGE" version)"
install_dir="$repo_root/.cache/pi-latest/$version"
package_dir="$install_dir/node_modules/$PI_PACKAGE"

if [ ! -f "$package_dir/package.json" ]; then
  echo "test:pi-latest: installing $PI_PACKAGE@$version into $install_dir" 1>&2
  npm install --prefix "$install_dir" --no-save --no-audit --no-fund --loglevel=error "$PI_PACKAGE@$version" 1>&2
fi

node_bin="${PI_E2E_NODE:-$(bash "$repo_root/scripts/provision-node22.sh")}"

cd "$repo_root"
# The real-host files load the built extensions and pi-real-hosts' dist.
pnpm exec turbo run build --filter=@j1nn0/integration... --output-logs=errors-only
echo "test:pi-latest: the host contract, both adapters and the agent-state-pi e2e against Pi $version ($package_dir) on $("$node_bin" --version)" 1>&2
PI_E2E_ONLY="$package_dir" PI_E2E_NODE="$node_bin" pnpm exec vitest run --project real \
  packages/pi-real-hosts/test/host-contract.test.ts packages/integration/test/both-adapters-on-every-host.test.ts packages/agent-state-pi/test/e2e
