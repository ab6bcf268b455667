import fc from 'fast-check';
import { describe, it } from 'vitest';
import { compactionStep, startCompactionWorld } from './compaction-steps.js';

// 500 random interleavings of up to 60 steps: compaction events (in order, alone or out of order), model requests
// with the protected items in summaries, messages, hidden parts or nowhere, changes to the set and the mode,
// reloads and restarts. Every step is compared with the reference lifecycle (see compaction-steps.ts).

const RUNS = 500;
const MAX_STEPS = 60;

describe('the compaction lifecycle under random interleavings', () => {
  it(
    'checks each compaction at most once, as the reference does, and never leaks content or repeats a recovery',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands([compactionStep], { maxCommands: MAX_STEPS, size: 'max' }), (steps) =>
          fc.asyncModelRun(startCompactionWorld, steps),
        ),
        { numRuns: RUNS },
      );
    },
    10 * 60_000,
  );
});
