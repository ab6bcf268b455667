import { createLiteralVerifier, type ContextItem } from '@j1nn0/agent-context-guard';
import { formatDuration, type BenchRow } from './report.js';
import { timeInterleaved } from './timing.js';

// Figure 6: the Context Guard core's literal verifier on a 1 MB context. The context is normalized
// once per call, so 200 items cost the normalization once plus 200 substring searches, not 200 normalizations.

const CONTEXT = 'The build  uses\tpnpm and Turbo.\n'.repeat(32_000);
const ITEMS = 200;

function itemsOf(count: number): ContextItem[] {
  return Array.from({ length: count }, (_unused, index) => ({
    id: `item-${index.toString()}`,
    kind: 'fact',
    content: `requirement number ${index.toString()} is not in the context`,
    critical: false,
  }));
}

export function literalVerifierRows(): BenchRow[] {
  const verifier = createLiteralVerifier();
  const one = itemsOf(1);
  const many = itemsOf(ITEMS);
  const [manyItems = Number.NaN, oneItem = Number.NaN] = timeInterleaved(
    [() => verifier({ items: many, context: CONTEXT }), () => verifier({ items: one, context: CONTEXT })],
    { batches: 9, batchMilliseconds: 40, warmupBatches: 1 },
  );
  return [
    {
      figure: '6 literal verifier',
      measure: `agent-context-guard literal verifier, ${ITEMS.toString()} items absent from a 1 MB context`,
      value: formatDuration(manyItems),
      anchor: `same call with 1 item: ${formatDuration(oneItem)}`,
      ratio: manyItems / oneItem,
      goal: `far below ${ITEMS.toString()}x (one normalization per call)`,
      verdict: manyItems / oneItem < ITEMS / 10 ? 'met' : 'missed',
    },
  ];
}
