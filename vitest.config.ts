// `pnpm test` (both tiers) and `pnpm test:fast` (`--project fast`) over every package in one vitest
// process; see vitest.tiers.ts. Each package's own config runs that package alone.
import { readdirSync } from 'node:fs';
import { bothTiers, type TestTiers } from './vitest.tiers.js';
import { tiers as agentContextGuard } from './packages/agent-context-guard/vitest.config.js';
import { tiers as agentContextGuardPi } from './packages/agent-context-guard-pi/vitest.config.js';
import { tiers as agentState } from './packages/agent-state/vitest.config.js';
import { tiers as agentStatePi } from './packages/agent-state-pi/vitest.config.js';
import { tiers as integration } from './packages/integration/vitest.config.js';
import { tiers as piAdapterKit } from './packages/pi-adapter-kit/vitest.config.js';
import { tiers as piRealHosts } from './packages/pi-real-hosts/vitest.config.js';
import { tiers as piTestkit } from './packages/pi-testkit/vitest.config.js';
import { tiers as testChecks } from './packages/test-checks/vitest.config.js';

const PACKAGE_TIERS: Readonly<Record<string, TestTiers>> = {
  'agent-context-guard': agentContextGuard,
  'agent-context-guard-pi': agentContextGuardPi,
  'agent-state': agentState,
  'agent-state-pi': agentStatePi,
  integration,
  'pi-adapter-kit': piAdapterKit,
  'pi-real-hosts': piRealHosts,
  'pi-testkit': piTestkit,
  'test-checks': testChecks,
};

// A package added without a line above would silently leave the loop.
const unlisted = readdirSync(new URL('./packages', import.meta.url)).filter((name) => !(name in PACKAGE_TIERS));
if (unlisted.length > 0) throw new Error(`vitest.config.ts: add the tiers of ${unlisted.join(', ')}`);

// One project over every package's fast files and one over their real files: one module graph per tier,
// so what several packages load (the packages themselves, TypeScript, fast-check) is loaded once per
// worker, and the real files of all packages share the workers. The type tests of all packages are
// checked in one tsc program, so Pi's declarations are read once.
export default bothTiers(
  Object.fromEntries(Object.entries(PACKAGE_TIERS).map(([name, tiers]) => [`packages/${name}`, tiers])),
  './tsconfig.types.json',
);
