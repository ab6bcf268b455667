import { PI_ANCHORS, findNodeFor } from '@j1nn0/pi-real-hosts';
import { provisionNode22 } from '../provision-node22.js';
import type { DemoTarget } from './demo-pi.js';

/** The Pi the pictures are made with: what the READMEs describe first. */
export const DEMO_PI = '1.6.0';

/** Pi 1.6.0 on a Node >= 22.19: the current one, PI_E2E_NODE, or one from scripts/provision-node22.sh. No fallback. */
export function chooseDemoTarget(env: NodeJS.ProcessEnv = process.env): DemoTarget {
  const version = PI_ANCHORS.find((candidate) => candidate.label === DEMO_PI);
  if (version === undefined) throw new Error(`Pi ${DEMO_PI} is not installed in pi-real-hosts`);
  const found = findNodeFor(version, env);
  if (found.runtimePath !== null) return { version, runtimePath: found.runtimePath };
  const provisioned = provisionNode22();
  if ('problem' in provisioned) throw new Error(`no Node >= 22.19 for Pi ${DEMO_PI}: ${provisioned.problem}`);
  const checked = findNodeFor(version, { ...env, PI_E2E_NODE: provisioned.nodePath });
  if (checked.runtimePath === null) throw new Error(`no Node >= 22.19 for Pi ${DEMO_PI}: ${checked.skipReason}`);
  return { version, runtimePath: checked.runtimePath };
}
