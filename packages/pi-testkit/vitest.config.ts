import { tieredTestConfig, type TestTiers } from '../../vitest.tiers.js';

/** Read by this package's config and by the root config, which runs every package's tiers together. */
export const tiers: TestTiers = { real: [] };

export default tieredTestConfig(tiers);
