import { describeEachPi } from '@j1nn0/pi-real-hosts';
import { branchScenarios } from '../scenarios/branches.js';
import { corruptionScenarios } from '../scenarios/corruption.js';
import { firstRunScenarios } from '../scenarios/first-run.js';
import { historyScenarios } from '../scenarios/history.js';
import { modelMistakeScenarios } from '../scenarios/model-mistakes.js';
import { sessionScenarios } from '../scenarios/sessions.js';
import { toolFieldScenarios } from '../scenarios/tool-fields.js';
import { PI_PROBE_PATH, useAgentStatePi } from './real-pi.js';

/** How many files share the scenarios that run on every Pi line (every-line-1.test.ts ... every-line-3.test.ts). */
export const EVERY_LINE_PARTS = 3;

/**
 * The scenarios that run on every Pi release line, on one Pi per line for all of them (a start costs
 * 1.5-2.5 s of CPU, a new session almost nothing), and the lines split among EVERY_LINE_PARTS files so
 * vitest's workers run them side by side. Each scenario still gets a fresh session and an empty script.
 */
export function describeEveryLine(part: number): void {
  describeEachPi(
    'agent-state-pi on every Pi line',
    (target) => {
      const pi = useAgentStatePi(target, [PI_PROBE_PATH]);
      firstRunScenarios(target, pi);
      toolFieldScenarios(target, pi);
      modelMistakeScenarios(target, pi);
      corruptionScenarios(target, pi);
      sessionScenarios(target, pi);
      historyScenarios(target, pi);
      branchScenarios(target, pi);
    },
    { lines: 'all', portion: { part, of: EVERY_LINE_PARTS } },
  );
}
