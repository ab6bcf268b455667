import { tieredTestConfig } from '../../vitest.tiers.js';

export default tieredTestConfig({ real: ['test/e2e/**/*.test.ts'] });
