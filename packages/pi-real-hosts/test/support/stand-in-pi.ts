import { fileURLToPath } from 'node:url';
import { NODE_20_MINIMUM, PI_HOST, lineFacts, releaseLine } from '@j1nn0/pi-testkit/host-facts';
import type { PiVersion } from '../../src/real/pi-versions.js';

/** A stand-in for a Pi CLI (a script under test/fixtures), so failure paths are tested fast and on any Node. */
export function standInPi(fixture: string): PiVersion {
  return {
    ...lineFacts(releaseLine('0.73.1')),
    label: fixture,
    scope: '@mariozechner',
    packageName: fixture,
    cliPath: fileURLToPath(new URL(`../fixtures/${fixture}`, import.meta.url)),
    minimumRuntime: NODE_20_MINIMUM,
    host: PI_HOST,
  };
}
