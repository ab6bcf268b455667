import { fileURLToPath } from 'node:url';
import { PI_HOST } from '../../src/real/host-facts.js';
import { NODE_20_MINIMUM } from '../../src/real/node-binary.js';
import type { PiVersion } from '../../src/real/pi-versions.js';

/** A stand-in for a Pi CLI (a script under test/fixtures), so failure paths are tested fast and on any Node. */
export function standInPi(fixture: string): PiVersion {
  return {
    label: fixture,
    scope: '@mariozechner',
    packageName: fixture,
    cliPath: fileURLToPath(new URL(`../fixtures/${fixture}`, import.meta.url)),
    minimumRuntime: NODE_20_MINIMUM,
    projectPackagesNeedApprove: false,
    sessionStartsAfterReplacement: 2,
    compaction: { failedEvent: false, boundaryDrafts: false },
    host: PI_HOST,
  };
}
