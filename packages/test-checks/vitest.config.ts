import { tieredTestConfig } from '../../vitest.tiers.js';

export default tieredTestConfig({ real: [] });
