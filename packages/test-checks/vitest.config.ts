import { mergeConfig } from 'vitest/config';
import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = { real: [] };

// Its checks are proven where each is used (the cores', the kit's and the adapters' tests); its README's
// code is checked with every package's in packages/integration/test/readme-code.test.ts.
export default mergeConfig(tieredTestConfig(tiers), { test: { passWithNoTests: true } });
