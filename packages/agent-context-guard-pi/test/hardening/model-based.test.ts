import fc from 'fast-check';
import { describe, it } from 'vitest';
import { contextGuardStep } from './model-steps.js';
import { startWorld } from './model-world.js';

// 200 random sequences of up to 100 steps: commands and protect calls (valid and invalid), model turns,
// restarts, repeated session_start, /tree moves, forks, new and resumed sessions, crowded and unreadable saved
// states. After every step the adapter's list, list tool, status, footer and newest saved entry must equal the
// independent reference.

const RUNS = 200;
const MAX_STEPS = 100;

describe('agent-context-guard-pi against a reference model', () => {
  it(
    'shows and saves exactly the reference state after every step of random sessions',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands([contextGuardStep], { maxCommands: MAX_STEPS, size: 'max' }), (steps) =>
          fc.asyncModelRun(startWorld, steps),
        ),
        { numRuns: RUNS },
      );
    },
    10 * 60_000,
  );
});
