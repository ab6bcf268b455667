import { bench, describe } from 'vitest';
import { createLiteralVerifier, type ContextItem } from '../src/index.js';

// About 1 MB of context. If the context were normalized once per item, the 200-item case would
// take about 200 times as long as the 1-item case; normalized once per call, it stays close.
const CONTEXT = 'The build  uses\tpnpm and Turbo.\n'.repeat(32_000);
const verifier = createLiteralVerifier();

function itemsOf(count: number): ContextItem[] {
  return Array.from({ length: count }, (_unused, index) => ({
    id: `item-${index.toString()}`,
    kind: 'fact',
    content: `requirement number ${index.toString()} is not in the context`,
    critical: false,
  }));
}

describe('createLiteralVerifier on a 1 MB context', () => {
  const one = itemsOf(1);
  const many = itemsOf(200);

  bench('1 item', async () => {
    await verifier({ items: one, context: CONTEXT });
  });

  bench('200 items', async () => {
    await verifier({ items: many, context: CONTEXT });
  });
});
